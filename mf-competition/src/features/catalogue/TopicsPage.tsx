/** Subjects of the competitions (LearningCompetition) over /competition/topic/*: a name each. */
import { NamedItemScreen } from '@trungtam/shared/resource';
import { topics } from '../../common/resources';

export const TOPIC_WORDS = { one: 'môn thi', title: 'Môn thi' };

export function TopicsPage() {
  return <NamedItemScreen resource={topics} permission="LearningCompetition" idField="topic_id" words={TOPIC_WORDS} describe={false} />;
}
