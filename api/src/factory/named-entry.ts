/**
 * A named entry: a catalogue row that other records point at (a course's product type, an examinee's
 * subject), whose name is unique letter case aside, and which cannot be deleted while something uses it
 * (a 409 naming how many). Its declaration says what differs: paths, permission, schemas, the record, and
 * what uses it; the builder adds the rest of the resource factory's declaration.
 */
import { isNull, type AnyColumn } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Static, TObject, TProperties, TSchema } from 'typebox';
import type { AuditResource } from '@trungtam/shared/contracts';
import type { PermissionResource } from '@trungtam/shared/permissions';
import { crudPaths, declareResource } from './declare-resource';
import { assertNameFree, assertUnused, type Usage } from './rules';

/** A table of named entries: a name, and when each was created and last updated. */
export type NamedEntryTable = PgTable & { name: PgColumn; createdAt: PgColumn; updatedAt: PgColumn; deletedAt?: PgColumn };

export interface NamedEntry<Row extends Record<string, unknown>, RecordSchema extends TSchema, WriteProps extends TProperties> {
  /** The audit log's resource name. */
  name: AuditResource;
  /** The OpenAPI tag. */
  tag: string;
  permission: PermissionResource;
  /** The five routes' base path ('/product/vendor'). */
  path: string;
  table: NamedEntryTable;
  primaryKey: PgColumn;
  /** The id's name in records and update bodies ('id', 'topic_id'); the list sorts by it by default. */
  idField: string;
  idOf: (row: Row) => number;
  schemas: { record: RecordSchema; write: WriteProps };
  /** Columns `search` looks in: the name unless said. */
  search?: AnyColumn[];
  toRecord: (row: Row) => Static<RecordSchema>;
  toValues: (body: Static<TObject<WriteProps>>) => Record<string, unknown>;
  /** The entry's kind in the in-use refusal ('Môn thi', 'Loại sản phẩm'). */
  subject: string;
  /** The refusal of a name another entry has. */
  duplicate: string;
  /** What uses the entry `id` (examinees, courses...). */
  usages: (id: number) => Usage[];
  /** Delete softly (the table's deletedAt): restorable for a minute; a deleted entry's name is free again. */
  softDelete?: boolean;
}

/** The resource factory's five routes of a named entry. */
export function namedEntryRoutes<Row extends Record<string, unknown>, RecordSchema extends TSchema, WriteProps extends TProperties>(
  entry: NamedEntry<Row, RecordSchema, WriteProps>,
) {
  const { table, primaryKey, idOf } = entry;
  const nameOf = (body: Static<TObject<WriteProps>>) => (body as { name: string }).name;
  return declareResource<Row, RecordSchema, WriteProps>({
    name: entry.name,
    tag: entry.tag,
    paths: crudPaths(entry.path),
    permission: entry.permission,
    table,
    primaryKey,
    idField: entry.idField,
    schemas: entry.schemas,
    sort: { columns: { [entry.idField]: primaryKey, id: primaryKey, name: table.name, created_at: table.createdAt }, default: entry.idField },
    search: entry.search ?? [table.name],
    updatedAt: table.updatedAt,
    softDelete: entry.softDelete ? table.deletedAt : undefined,
    toRecord: (row) => entry.toRecord(row),
    toValues: entry.toValues,
    beforeWrite: (db, _actor, body, existing) =>
      assertNameFree(db, { table, column: table.name, primaryKey }, nameOf(body), entry.duplicate, {
        exceptId: existing ? idOf(existing) : undefined,
        within: entry.softDelete && table.deletedAt ? isNull(table.deletedAt) : undefined,
      }),
    beforeDelete: (db, _actor, row) => assertUnused(db, entry.subject, entry.usages(idOf(row))),
    messages: { duplicate: entry.duplicate, inUse: `${entry.subject} đang được sử dụng: không thể xoá` },
  });
}
