/**
 * Courses (Product) at /assets/products over /product/*: the table (name, product type, teaching method,
 * items with their range of lessons, status), filters kept in the URL (search, type, teaching method,
 * status), and the form of a whole course: its fields, its allowed discounts and its items (ItemsEditor).
 * Create, edit and delete as the role allows (Product Create / Update / Delete); the API's refusal (a
 * duplicate name, an item or a course still in use) is shown as the API words it.
 */
import type { Product } from '@trungtam/shared/contracts/products';
import { PRODUCT_STATUS } from '@trungtam/shared/contracts/products';
import { FilterSelect, FilterText, intParam, lazySchema, pageParams, DataSourceScreen, textParam, type FilterCodecs } from '@trungtam/shared/resource';
import { chakra, Field, FormField, HStack, SelectField, SimpleGrid, Stack, Tag, Text } from '@trungtam/shared/ui';
import type { FormikProps } from 'formik';
import { products } from '../../common/dataSources';
import { useCourseFormChoices } from './choices';
import { emptyItem, ItemsEditor, newItemKey, type ItemValues } from './ItemsEditor';
import { COURSES_TEXTS as T } from './texts';

const STATUS_LABELS: Record<number, string> = { [PRODUCT_STATUS.ACTIVE]: 'Đang mở bán', [PRODUCT_STATUS.INACTIVE]: 'Ngừng bán' };
const STATUS_OPTIONS = [
  { value: PRODUCT_STATUS.ACTIVE, label: STATUS_LABELS[PRODUCT_STATUS.ACTIVE] },
  { value: PRODUCT_STATUS.INACTIVE, label: STATUS_LABELS[PRODUCT_STATUS.INACTIVE] },
];
const statusBadge = (status: number) => <Tag palette={status === PRODUCT_STATUS.ACTIVE ? 'green' : 'gray'}>{STATUS_LABELS[status] ?? status}</Tag>;

interface Filters {
  search: string;
  product_type_id: number;
  vendor_id: number;
  status: number;
}
const FILTERS: FilterCodecs<Filters> = { search: textParam('search'), product_type_id: intParam('type'), vendor_id: intParam('method'), status: intParam('status') };

export interface CourseValues {
  name: string;
  product_type_id: number;
  vendor_id: number;
  description: string;
  status: number;
  discount_ids: number[];
  items: ItemValues[];
  /** The names of the record's type and teaching method, for a role that may not list them (not sent). */
  names: { type: string | null; teachingMethod: string | null };
}

const schema = lazySchema(() => import('./courseSchema').then((m) => m.courseSchema));

/** The body of POST /product/create (PUT /product/update adds product_id): the whole course with its items. */
export function courseBody(values: CourseValues) {
  return {
    name: values.name.trim(),
    product_type_id: Number(values.product_type_id),
    vendor_id: Number(values.vendor_id),
    description: values.description.trim() || null,
    status: values.status,
    discount_ids: [...values.discount_ids],
    items: values.items.map((item) => ({
      ...(item.product_item_id ? { product_item_id: item.product_item_id } : {}),
      name: item.name.trim(),
      variant_ids: [...item.variant_ids],
      total_lesson: Number(item.total_lesson),
      price: Number(item.price),
    })),
  };
}

const fromRecord = (course: Product): CourseValues => ({
  name: course.name,
  product_type_id: course.product_type_id ?? 0,
  vendor_id: course.vendor_id ?? 0,
  description: course.description ?? '',
  status: course.status,
  discount_ids: course.discount_ids,
  items: course.items.map((item) => ({
    key: newItemKey(),
    product_item_id: item.product_item_id,
    name: item.name ?? '',
    variant_ids: item.variant_ids,
    total_lesson: item.total_lesson,
    price: item.price,
  })),
  names: { type: course.product_type_name, teachingMethod: course.vendor_name },
});

function itemsSummary(course: Product): string {
  if (!course.items.length) return T.noItems;
  const lessons = course.items.map((item) => item.total_lesson);
  return T.itemsSummary(course.items.length, Math.min(...lessons), Math.max(...lessons));
}

type Option = { value: number; label: string };

/** The choices, keeping the record's own when the list lacks it (a role that may not list them). */
function withCurrent(options: Option[], id: number | null | undefined, name: string | null | undefined): Option[] {
  return !id || options.some((option) => option.value === id) ? options : [...options, { value: id, label: name ?? `#${id}` }];
}

/** The allowed discounts: one checkbox each. */
function DiscountChecks({ formik, discounts }: { formik: FormikProps<CourseValues>; discounts: ReturnType<typeof useCourseFormChoices>['discounts'] }) {
  const chosen = new Set(formik.values.discount_ids);
  const error = (formik.touched.discount_ids || formik.submitCount > 0) && typeof formik.errors.discount_ids === 'string' ? formik.errors.discount_ids : undefined;
  const toggle = (id: number, on: boolean) => {
    const next = on ? [...chosen, id] : [...chosen].filter((other) => other !== id);
    void formik.setFieldValue('discount_ids', next.sort((a, b) => a - b));
    void formik.setFieldTouched('discount_ids', true, false);
  };
  return (
    <Field.Root invalid={!!error}>
      <chakra.fieldset border="0" p="0" m="0" minW="0">
        <chakra.legend srOnly>{T.discounts}</chakra.legend>
        {discounts.length === 0 ? (
          <Text color="fg.muted">{T.noDiscounts}</Text>
        ) : (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="2">
            {discounts.map((discount) => (
              <HStack as="label" key={discount.discount_id} gap="2" cursor="pointer">
                <chakra.input
                  type="checkbox"
                  checked={chosen.has(discount.discount_id)}
                  onChange={(event) => toggle(discount.discount_id, event.target.checked)}
                  w="4"
                  h="4"
                  css={{ accentColor: 'var(--chakra-colors-blue-600)' }}
                />
                <Text as="span">{T.discountLabel(discount.name, discount.discount_percent)}</Text>
              </HStack>
            ))}
          </SimpleGrid>
        )}
      </chakra.fieldset>
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

export const COURSES_PAGE_SIZE = 20;

export function CoursesPage() {
  const choices = useCourseFormChoices();
  // a new course allows "no discount" (0 %) from the start: the enrolment form needs a discount
  const noDiscount = choices.discounts.filter((discount) => discount.discount_percent === 0).map((discount) => discount.discount_id);
  return (
    <DataSourceScreen<Product, Filters, CourseValues>
      source={products}
      permission="Product"
      texts={T}
      pageSize={COURSES_PAGE_SIZE}
      columns={[
        { header: T.name, cell: (course) => course.name, sortKey: 'name' },
        { header: T.type, cell: (course) => course.product_type_name ?? '-', sortKey: 'product_type_id' },
        { header: T.teachingMethod, cell: (course) => course.vendor_name ?? '-', sortKey: 'vendor_id' },
        { header: T.items, cell: itemsSummary, nowrap: true },
        { header: T.status, cell: (course) => statusBadge(course.status), sortKey: 'status' },
      ]}
      filters={FILTERS}
      filterFields={(draft, setDraft) => (
        <>
          <FilterText label={T.search} type="search" value={draft.search} onChange={(search) => setDraft({ ...draft, search })} />
          {choices.mayListTypes && (
            <FilterSelect
              label={T.type}
              value={draft.product_type_id}
              options={[{ value: 0, label: T.allTypes }, ...choices.types.options]}
              onChange={(id) => setDraft({ ...draft, product_type_id: Number(id) })}
            />
          )}
          {choices.mayListTeachingMethods && (
            <FilterSelect
              label={T.teachingMethod}
              value={draft.vendor_id}
              options={[{ value: 0, label: T.allTeachingMethods }, ...choices.teachingMethods.options]}
              onChange={(id) => setDraft({ ...draft, vendor_id: Number(id) })}
            />
          )}
          <FilterSelect
            label={T.status}
            value={draft.status}
            options={[{ value: 0, label: 'Tất cả' }, ...STATUS_OPTIONS]}
            onChange={(status) => setDraft({ ...draft, status: Number(status) })}
          />
        </>
      )}
      listParams={(filters, page, sort) => ({
        ...pageParams(page, sort, { limit: COURSES_PAGE_SIZE, sortColumn: 'product_id' }),
        search: filters.search || undefined,
        product_type_id: filters.product_type_id || undefined,
        vendor_id: filters.vendor_id || undefined,
        status: filters.status || undefined,
      })}
      form={{
        empty: { name: '', product_type_id: 0, vendor_id: 0, description: '', status: PRODUCT_STATUS.ACTIVE, discount_ids: noDiscount, items: [emptyItem()], names: { type: null, teachingMethod: null } },
        fromRecord,
        toCreate: courseBody,
        toUpdate: (course, values) => ({ product_id: course.product_id, ...courseBody(values) }),
        schema,
        fields: (formik, { readOnly }) => {
          const record = formik.initialValues;
          return [
            {
              title: 'Thông tin khoá học',
              content: (
                <Stack gap="4">
                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                    <FormField name="name" label={T.name} required />
                    <SelectField name="status" label={T.status} options={STATUS_OPTIONS} numeric required />
                    <SelectField
                      name="product_type_id"
                      label={T.type}
                      options={withCurrent(choices.types.options, record.product_type_id, record.names.type)}
                      numeric
                      placeholder={T.chooseType}
                      required
                    />
                    <SelectField
                      name="vendor_id"
                      label={T.teachingMethod}
                      options={withCurrent(choices.teachingMethods.options, record.vendor_id, record.names.teachingMethod)}
                      numeric
                      placeholder={T.chooseTeachingMethod}
                      required
                    />
                  </SimpleGrid>
                  <FormField name="description" label={T.description} multiline />
                </Stack>
              ),
            },
            { title: T.discounts, content: <DiscountChecks formik={formik} discounts={choices.discounts} /> },
            { title: T.itemsSection, content: <ItemsEditor formik={formik} groups={choices.groups} variants={choices.variants} readOnly={readOnly} /> },
          ];
        },
        texts: { createTitle: 'Thêm khoá học', editTitle: 'Sửa khoá học', createSubmit: 'Thêm khoá học', editSubmit: 'Lưu thay đổi' },
        successMessages: { create: T.created, edit: T.updated },
      }}
    />
  );
}
