/**
 * Examinees as the API answers them (with the names of their subject and group and the student's email,
 * loaded for a whole page at once), the list's filters, and the export: every examinee of an event that
 * the filters select, by candidate number, read in batches.
 */
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Static } from 'typebox';
import type { Examinee } from '@trungtam/shared/contracts/competition';
import { ExamineeListFilters, type ExamineeExportQuery } from '@trungtam/shared/schemas/competition';
import type { Actor } from '../access/access';
import type { Queryable } from '../db/client';
import { examinees, examineeTypes, topics, users } from '../db/schema';
import { distinctIds, loadById } from '../lib/relations';
import { listFilter, searchWhere } from '../factory';
import { eventFor, type EventRow } from './competitions';

export type ExamineeRow = typeof examinees.$inferSelect;

/** What an examinee's record needs beyond its row. */
export interface ExamineeRelated {
  userEmail: string | null;
  topicName: string | null;
  typeName: string | null;
}

/** The rows an export reads at a time. */
const EXPORT_BATCH = 1000;

/** The student emails and the subject and group names of `rows`: three queries for any number of examinees. */
export async function loadExamineeRelated(db: Queryable, rows: ExamineeRow[]): Promise<ExamineeRelated[]> {
  const [accounts, subjects, groups] = await Promise.all([
    loadById(distinctIds(rows, (row) => row.userId), (ids) => db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ids)), (row) => row.id),
    loadById(distinctIds(rows, (row) => row.topicId), (ids) => db.select({ id: topics.topicId, name: topics.name }).from(topics).where(inArray(topics.topicId, ids)), (row) => row.id),
    loadById(distinctIds(rows, (row) => row.typeId), (ids) => db.select({ id: examineeTypes.typeId, name: examineeTypes.name }).from(examineeTypes).where(inArray(examineeTypes.typeId, ids)), (row) => row.id),
  ]);
  return rows.map((row) => ({
    userEmail: row.userId ? (accounts.get(row.userId)?.email ?? null) : null,
    topicName: row.topicId ? (subjects.get(row.topicId)?.name ?? null) : null,
    typeName: row.typeId ? (groups.get(row.typeId)?.name ?? null) : null,
  }));
}

export const toExamineeRecord = (row: ExamineeRow, related: ExamineeRelated): Examinee => ({
  examinee_id: row.examineeId,
  competition_id: row.competitionId,
  user_id: row.userId,
  user_email: related.userEmail,
  full_name: row.fullName,
  birth_date: row.birthDate,
  type_id: row.typeId,
  type_name: related.typeName,
  topic_id: row.topicId,
  topic_name: related.topicName,
  candidate_number: row.candidateNumber,
  school: row.school,
  contact: row.contact,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** The list's filters (0: every event, subject or group), the export's too. */
export const EXAMINEE_FILTERS = {
  competition_id: listFilter(ExamineeListFilters.competition_id, (id) => (id ? eq(examinees.competitionId, id) : undefined)),
  topic_id: listFilter(ExamineeListFilters.topic_id, (id) => (id ? eq(examinees.topicId, id) : undefined)),
  type_id: listFilter(ExamineeListFilters.type_id, (id) => (id ? eq(examinees.typeId, id) : undefined)),
};

/** The columns `search` looks in. */
export const EXAMINEE_SEARCH = [examinees.fullName, examinees.candidateNumber, examinees.school];

/**
 * Everything an export writes: the event (400 when there is none, 403 when `actor` may not read it) and
 * its examinees the filters select, by candidate number, in batches (the first one read already, so that
 * a failure is an error answer rather than a download cut off).
 */
export async function examineeExport(db: Queryable, actor: Actor, query: Static<typeof ExamineeExportQuery>): Promise<{ event: EventRow; batches: AsyncGenerator<Examinee[]> }> {
  const event = await eventFor(db, actor, query.competition_id, 'read');
  const where: SQL | undefined = and(
    EXAMINEE_FILTERS.competition_id.where(query.competition_id),
    query.topic_id !== undefined ? EXAMINEE_FILTERS.topic_id.where(query.topic_id) : undefined,
    query.type_id !== undefined ? EXAMINEE_FILTERS.type_id.where(query.type_id) : undefined,
    searchWhere(EXAMINEE_SEARCH, query.search),
  );
  const page = async (offset: number) => {
    const rows = await db.select().from(examinees).where(where).orderBy(asc(examinees.candidateNumber), asc(examinees.examineeId)).limit(EXPORT_BATCH).offset(offset);
    if (!rows.length) return [];
    const related = await loadExamineeRelated(db, rows);
    return rows.map((row, index) => toExamineeRecord(row, related[index]));
  };
  const first = await page(0);
  async function* batches() {
    let batch = first;
    for (let offset = 0; batch.length; ) {
      yield batch;
      if (batch.length < EXPORT_BATCH) return;
      offset += EXPORT_BATCH;
      batch = await page(offset);
    }
  }
  return { event, batches: batches() };
}

/** The names of every subject and every group, for the import template's lists. */
export async function sheetChoices(db: Queryable): Promise<{ topics: string[]; types: string[] }> {
  const [subjects, groups] = await Promise.all([
    db.select({ name: topics.name }).from(topics).orderBy(asc(topics.name)),
    db.select({ name: examineeTypes.name }).from(examineeTypes).orderBy(asc(examineeTypes.name)),
  ]);
  return { topics: subjects.map((row) => row.name), types: groups.map((row) => row.name) };
}
