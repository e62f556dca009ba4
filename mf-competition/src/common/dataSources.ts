/**
 * The data sources of the competition area (paths of the competition issue), declared once: each screen,
 * and every form or filter that offers one of them as a choice, takes its data hooks from here.
 */
import type { Competition, Examinee, ExamineeType, Round, Topic } from '@trungtam/shared/contracts/competition';
import { createDataSource, crudPaths } from '@trungtam/shared/resource';

/** Events: /competition/event/list, create, show/{id}, update, delete/{id}. */
export const events = createDataSource<Competition>({ key: ['competition-events'], paths: crudPaths('/competition/event'), id: (row) => row.competition_id });
/** Subjects: /competition/topic/…. */
export const topics = createDataSource<Topic>({ key: ['competition-topics'], paths: crudPaths('/competition/topic'), id: (row) => row.topic_id });
/** Examinee groups: /competition/type/…. */
export const examineeTypes = createDataSource<ExamineeType>({ key: ['competition-types'], paths: crudPaths('/competition/type'), id: (row) => row.type_id });
/** Rounds of an event: /competition/round/…. */
export const rounds = createDataSource<Round>({ key: ['competition-rounds'], paths: crudPaths('/competition/round'), id: (row) => row.round_id });
/** Examinees of an event: /competition/examinee/… (and import, template, export). */
export const examinees = createDataSource<Examinee>({ key: ['competition-examinees'], paths: crudPaths('/competition/examinee'), id: (row) => row.examinee_id });
