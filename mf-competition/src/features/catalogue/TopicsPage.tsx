/** Subjects of the competitions (LearningCompetition) over /competition/topic/*: a name each. */
import { NamedItemScreen } from '@trungtam/shared/resource';
import { TopicWriteBody } from '@trungtam/shared/schemas/competition';
import { topics } from '../../common/dataSources';

export const TOPIC_WORDS = { one: 'môn thi', title: 'Môn thi' };

export function TopicsPage() {
  return <NamedItemScreen source={topics} permission="LearningCompetition" writeSchema={TopicWriteBody} idField="topic_id" words={TOPIC_WORDS} describe={false} />;
}
