/**
 * Choices the competition forms and filters offer: the events, subjects and examinee groups the user may
 * see, each loaded once per screen (limit 1000, the size of every unpaged list) from the area's resources,
 * so that a write on one of them refreshes the choices too.
 */
import type { Competition, ExamineeType, Topic } from '@trungtam/shared/contracts/competition';
import { ALL_BY_NAME } from '@trungtam/shared/lookups';
import { choices, type Choices } from '@trungtam/shared/resource';
import { PAGE_SIZES } from '@trungtam/shared/validation';
import { events, examineeTypes, topics } from './dataSources';

/** Every event in reach, the newest first (the one being prepared is on top). */
export function useEventChoices(): Choices<Competition> {
  const list = events.useList({ limit: PAGE_SIZES.fullAccounts, page: 1, sort_column: 'competition_id', sort_type: 'DESC' });
  return choices(list.data?.rows ?? [], (event) => event.competition_id, (event) => event.name);
}

export function useTopicChoices(): Choices<Topic> {
  const list = topics.useList(ALL_BY_NAME);
  return choices(list.data?.rows ?? [], (topic) => topic.topic_id, (topic) => topic.name);
}

export function useTypeChoices(): Choices<ExamineeType> {
  const list = examineeTypes.useList(ALL_BY_NAME);
  return choices(list.data?.rows ?? [], (type) => type.type_id, (type) => type.name);
}
