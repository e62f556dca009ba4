/**
 * What every competition event shares, each the resource factory's five routes (LearningCompetition):
 * subjects (/competition/topic/…, topic_id) and examinee groups (/competition/type/…, type_id), a name
 * each, unique letter case aside. One that an examinee or a grader assignment uses cannot be deleted
 * (409 naming how many use it).
 */
import { eq } from 'drizzle-orm';
import { COMPETITION_TEXT as T } from '@trungtam/shared/contracts/competition';
import { ExamineeTypeRecord, ExamineeTypeWriteProps, TopicRecord, TopicWriteProps } from '@trungtam/shared/schemas/competition';
import { competitionGraders, examinees, examineeTypes, topics } from '../../db/schema';
import { namedEntryRoutes } from '../../factory';

/** A subject's or an examinee group's record beside its id: its name and times. */
const nameAndTimes = (row: { name: string; createdAt: Date; updatedAt: Date }) => ({
  name: row.name,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export const topicRoutes = namedEntryRoutes({
  name: 'Topic',
  tag: 'competition',
  permission: 'LearningCompetition',
  path: '/competition/topic',
  table: topics,
  primaryKey: topics.topicId,
  idField: 'topic_id',
  idOf: (row: typeof topics.$inferSelect) => row.topicId,
  schemas: { record: TopicRecord, write: TopicWriteProps },
  toRecord: (row) => ({ topic_id: row.topicId, ...nameAndTimes(row) }),
  toValues: (body) => ({ name: body.name.trim() }),
  subject: 'Môn thi',
  duplicate: T.topicDuplicate,
  usages: (id) => [
    { table: examinees, where: eq(examinees.topicId, id), what: 'thí sinh' },
    { table: competitionGraders, where: eq(competitionGraders.topicId, id), what: 'phân công chấm thi' },
  ],
});

export const examineeTypeRoutes = namedEntryRoutes({
  name: 'ExamineeType',
  tag: 'competition',
  permission: 'LearningCompetition',
  path: '/competition/type',
  table: examineeTypes,
  primaryKey: examineeTypes.typeId,
  idField: 'type_id',
  idOf: (row: typeof examineeTypes.$inferSelect) => row.typeId,
  schemas: { record: ExamineeTypeRecord, write: ExamineeTypeWriteProps },
  toRecord: (row) => ({ type_id: row.typeId, ...nameAndTimes(row) }),
  toValues: (body) => ({ name: body.name.trim() }),
  subject: 'Nhóm thí sinh',
  duplicate: T.typeDuplicate,
  usages: (id) => [{ table: examinees, where: eq(examinees.typeId, id), what: 'thí sinh' }],
});
