/**
 * The items of a course in its form: one block per item (its name, one variant per variant group, the
 * number of lessons and the price in đồng), a button that adds one and, on each, one that removes it
 * (the last one stays: a course has at least one). An item keeps its product_item_id, so the API updates
 * it rather than replacing it.
 */
import type { Variant, VariantGroup } from '@trungtam/shared/contracts';
import { TrashIcon, PlusIcon } from '@trungtam/shared/icons';
import { Box, Button, Field, FormField, HStack, IconButton, NativeSelect, SimpleGrid, Stack, Text } from '@trungtam/shared/ui';
import type { FormikProps } from 'formik';
import { MoneyField } from './MoneyField';
import { COURSES_TEXTS as T } from './texts';

export interface ItemValues {
  /** Keys the block on screen, for a new item as for an existing one. */
  key: string;
  /** The item's id; absent for a new one (as the API takes it). */
  product_item_id?: number;
  name: string;
  variant_ids: number[];
  total_lesson: number | '';
  price: number | '';
}

let nextKey = 0;
export const newItemKey = () => `item-${(nextKey += 1)}`;
export const emptyItem = (): ItemValues => ({ key: newItemKey(), name: '', variant_ids: [], total_lesson: '', price: '' });

interface Props<V extends { items: ItemValues[] }> {
  formik: FormikProps<V>;
  groups: VariantGroup[];
  variants: Variant[];
  readOnly: boolean;
}

export function ItemsEditor<V extends { items: ItemValues[] }>({ formik, groups, variants, readOnly }: Props<V>) {
  const items = formik.values.items;
  const groupOf = new Map(variants.map((variant) => [variant.id, variant.variant_group_id]));
  const setItems = (next: ItemValues[]) => void formik.setFieldValue('items', next);
  // one variant per group: choosing one replaces the group's previous choice
  const chooseVariant = (index: number, groupId: number, variantId: number) => {
    const kept = items[index].variant_ids.filter((id) => groupOf.get(id) !== groupId);
    setItems(items.map((item, i) => (i === index ? { ...item, variant_ids: variantId ? [...kept, variantId] : kept } : item)));
  };

  return (
    <Stack gap="4">
      {items.map((item, index) => (
        <Box key={item.key} role="group" aria-label={T.item(index + 1)} borderWidth="1px" borderRadius="md" p="4">
          <HStack justify="space-between" mb="3">
            <Text fontWeight="medium">{T.item(index + 1)}</Text>
            {!readOnly && (
              <IconButton
                aria-label={T.removeItem(index + 1)}
                size="xs"
                variant="ghost"
                colorPalette="red"
                disabled={items.length <= 1}
                onClick={() => setItems(items.filter((_, i) => i !== index))}
              >
                <TrashIcon />
              </IconButton>
            )}
          </HStack>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <FormField name={`items.${index}.name`} label={T.itemName} required />
            {groups.map((group) => {
              const options = variants.filter((variant) => variant.variant_group_id === group.id);
              const chosen = item.variant_ids.find((id) => groupOf.get(id) === group.id) ?? 0;
              return (
                <Field.Root key={group.id}>
                  <Field.Label>{group.name}</Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field value={String(chosen)} onChange={(event) => chooseVariant(index, group.id, Number(event.target.value))}>
                      <option value="0">{T.variantNone}</option>
                      {options.map((variant) => (
                        <option key={variant.id} value={String(variant.id)}>
                          {variant.name}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
              );
            })}
            <FormField name={`items.${index}.total_lesson`} label={T.totalLesson} type="number" required helperText={`${T.limits.totalLessonMin}–${T.limits.totalLessonMax}`} />
            <MoneyField name={`items.${index}.price`} label={T.price} required />
          </SimpleGrid>
        </Box>
      ))}
      {!readOnly && (
        <Box>
          <Button size="sm" variant="outline" onClick={() => setItems([...items, emptyItem()])} disabled={items.length >= T.limits.itemsMax}>
            <PlusIcon />
            {T.addItem}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
