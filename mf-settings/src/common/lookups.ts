/** Choices the settings forms offer: every variant group the user may see (centres: @trungtam/shared/lookups). */
import type { VariantGroup } from '@trungtam/shared/contracts';
import { choices, type Choices } from '@trungtam/shared/resource';
import { PAGE_SIZES } from '@trungtam/shared/validation';
import { variantGroups } from './dataSources';

const ALL = { limit: PAGE_SIZES.fullAccounts, page: 1, sort_column: 'name', sort_type: 'ASC' } as const;

export function useVariantGroupChoices(): Choices<VariantGroup> {
  const list = variantGroups.useList(ALL);
  return choices(list.data?.rows ?? [], (group) => group.id, (group) => group.name);
}
