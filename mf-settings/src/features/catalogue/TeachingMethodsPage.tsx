/** Teaching methods (permission resource Vendor: offline, online, 1-1) over /product/vendor/*. */
import { NamedItemScreen } from '@trungtam/shared/resource';
import { TeachingMethodWriteBody } from '@trungtam/shared/schemas/settings';
import { teachingMethods } from '../../common/dataSources';

export const TEACHING_METHOD_WORDS = { one: 'hình thức học', title: 'Hình thức học' };

export function TeachingMethodsPage() {
  return <NamedItemScreen source={teachingMethods} permission="Vendor" idField="id" writeSchema={TeachingMethodWriteBody} words={TEACHING_METHOD_WORDS} />;
}
