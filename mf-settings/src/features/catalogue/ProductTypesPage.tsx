/** Product types (ProductType) over /product/product-type/*. */
import { productTypes } from '../../resources';
import { NamedItemScreen } from './NamedItemScreen';

export const PRODUCT_TYPE_WORDS = { one: 'loại sản phẩm', title: 'Loại sản phẩm' };

export function ProductTypesPage() {
  return <NamedItemScreen resource={productTypes} permission="ProductType" words={PRODUCT_TYPE_WORDS} />;
}
