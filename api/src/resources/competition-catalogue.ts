/**
 * What every competition event shares, each the resource factory's five routes (LearningCompetition):
 * subjects (/competition/topic/…, topic_id) and examinee groups (/competition/type/…, type_id), a name
 * each, unique letter case aside. One that an examinee or a grader assignment uses cannot be deleted
 * (409 naming how many use it).
 */
import { eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { TObject } from 'typebox';
import type { AuditResource } from '@trungtam/shared/contracts';
import { COMPETITION_TEXT as T } from '@trungtam/shared/contracts/competition';
import { ExamineeTypeRecord, ExamineeTypeWriteProps, TopicRecord, TopicWriteProps } from '@trungtam/shared/schemas/competition';
import { competitionGraders, examinees, examineeTypes, topics } from '../db/schema';
import { assertNameFree, assertUnused, crudPaths, resourceRoutes, type Usage } from '../factory';

type NamedRow = Record<string, unknown> & { name: string; createdAt: Date; updatedAt: Date };

/** A named entry of the competition area that examinees (and grader assignments) point at. */
function namedEntryRoutes<Row extends NamedRow>(options: {
  name: AuditResource;
  path: string;
  table: typeof topics | typeof examineeTypes;
  primaryKey: PgColumn;
  /** 'topic_id', 'type_id'. */
  idField: string;
  idOf: (row: Row) => number;
  record: TObject;
  /** 'Môn thi', 'Nhóm thí sinh'. */
  subject: string;
  /** The refusals of a name: missing, too long, taken. */
  write: typeof TopicWriteProps;
  duplicate: string;
  /** What uses the entry `id`. */
  usages: (id: number) => Usage[];
}) {
  const { table, primaryKey, idOf } = options;
  return resourceRoutes<Row, TObject, typeof TopicWriteProps>({
    name: options.name,
    tag: 'competition',
    paths: crudPaths(options.path),
    permission: 'LearningCompetition',
    table,
    primaryKey,
    idField: options.idField,
    schemas: { record: options.record, write: options.write },
    sort: { columns: { [options.idField]: primaryKey, id: primaryKey, name: table.name, created_at: table.createdAt }, default: options.idField },
    search: [table.name],
    updatedAt: table.updatedAt,
    toRecord: (row: Row) => ({
      [options.idField]: idOf(row),
      name: row.name,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    }),
    toValues: (body) => ({ name: body.name.trim() }),
    beforeWrite: (db, _actor, body, existing) =>
      assertNameFree(db, { table, column: table.name, primaryKey }, body.name, options.duplicate, { exceptId: existing ? idOf(existing) : undefined }),
    beforeDelete: (db, _actor, row) => assertUnused(db, options.subject, options.usages(idOf(row))),
    messages: { duplicate: options.duplicate, inUse: `${options.subject} đang được sử dụng: không thể xoá` },
  });
}

export const topicRoutes = namedEntryRoutes({
  name: 'Topic',
  path: '/competition/topic',
  table: topics,
  primaryKey: topics.topicId,
  idField: 'topic_id',
  idOf: (row: typeof topics.$inferSelect) => row.topicId,
  record: TopicRecord,
  write: TopicWriteProps,
  subject: 'Môn thi',
  duplicate: T.topicDuplicate,
  usages: (id) => [
    { table: examinees, where: eq(examinees.topicId, id), what: 'thí sinh' },
    { table: competitionGraders, where: eq(competitionGraders.topicId, id), what: 'phân công chấm thi' },
  ],
});

export const examineeTypeRoutes = namedEntryRoutes({
  name: 'ExamineeType',
  path: '/competition/type',
  table: examineeTypes,
  primaryKey: examineeTypes.typeId,
  idField: 'type_id',
  idOf: (row: typeof examineeTypes.$inferSelect) => row.typeId,
  record: ExamineeTypeRecord,
  write: ExamineeTypeWriteProps,
  subject: 'Nhóm thí sinh',
  duplicate: T.typeDuplicate,
  usages: (id) => [{ table: examinees, where: eq(examinees.typeId, id), what: 'thí sinh' }],
});
