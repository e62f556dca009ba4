/** Teaching methods (permission resource Vendor: offline, online, 1-1) over /product/vendor/*. */
import { NamedItemScreen } from '@trungtam/shared/resource';
import { VendorWriteBody } from '@trungtam/shared/schemas/settings';
import { vendors } from '../../common/resources';

export const VENDOR_WORDS = { one: 'hình thức học', title: 'Hình thức học' };

export function VendorsPage() {
  return <NamedItemScreen resource={vendors} permission="Vendor" idField="id" writeSchema={VendorWriteBody} words={VENDOR_WORDS} />;
}
