/** Examinee groups (by age, by grade…; LearningCompetition) over /competition/type/*: a name each. */
import { NamedItemScreen } from '@trungtam/shared/resource';
import { ExamineeTypeWriteBody } from '@trungtam/shared/schemas/competition';
import { examineeTypes } from '../../common/dataSources';

export const TYPE_WORDS = { one: 'nhóm thí sinh', title: 'Nhóm thí sinh' };

export function TypesPage() {
  return <NamedItemScreen source={examineeTypes} permission="LearningCompetition" writeSchema={ExamineeTypeWriteBody} idField="type_id" words={TYPE_WORDS} describe={false} />;
}
