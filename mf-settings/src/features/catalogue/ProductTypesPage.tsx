/** Product types (ProductType) over /product/product-type/*. */
import { NamedItemScreen } from '@trungtam/shared/resource';
import { ProductTypeWriteBody } from '@trungtam/shared/schemas/settings';
import { productTypes } from '../../common/dataSources';

export const PRODUCT_TYPE_WORDS = { one: 'loại sản phẩm', title: 'Loại sản phẩm' };

export function ProductTypesPage() {
  return <NamedItemScreen source={productTypes} permission="ProductType" idField="id" writeSchema={ProductTypeWriteBody} words={PRODUCT_TYPE_WORDS} />;
}
