/** Teaching methods (the spec's Vendor: offline, online, 1-1) over /product/vendor/*. */
import { vendors } from '../../resources';
import { NamedItemScreen } from './NamedItemScreen';

export const VENDOR_WORDS = { one: 'hình thức học', title: 'Hình thức học' };

export function VendorsPage() {
  return <NamedItemScreen resource={vendors} permission="Vendor" words={VENDOR_WORDS} />;
}
