/** Choices the settings forms offer: every centre and every variant group the user may see. */
import type { Center, VariantGroup } from '@trungtam/shared/contracts';
import { PAGE_SIZES } from '@trungtam/shared/validation';
import { centers, variantGroups } from './resources';

const ALL = { limit: PAGE_SIZES.fullAccounts, page: 1, sort_column: 'name', sort_type: 'ASC' } as const;

export interface Choices<T> {
  rows: T[];
  /** The name of the record `id`, or '-' while unknown. */
  nameOf: (id: number | null | undefined) => string;
  options: Array<{ value: number; label: string }>;
}

function choices<T extends { name: string }>(rows: T[], id: (row: T) => number): Choices<T> {
  const names = new Map(rows.map((row) => [id(row), row.name]));
  return {
    rows,
    nameOf: (key) => (key ? (names.get(key) ?? `#${key}`) : '-'),
    options: rows.map((row) => ({ value: id(row), label: row.name })),
  };
}

export function useCenterChoices(): Choices<Center> {
  const list = centers.useList(ALL);
  return choices(list.data?.rows ?? [], (center) => center.center_id);
}

export function useVariantGroupChoices(): Choices<VariantGroup> {
  const list = variantGroups.useList(ALL);
  return choices(list.data?.rows ?? [], (group) => group.id);
}
