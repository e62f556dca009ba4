/**
 * List state kept in the URL: filters, page and sort live in the address (a reload, the back button or
 * a shared link shows the same list). A screen declares its filter fields as codecs; this module reads
 * them from the search params (bad or missing values fall back to the defaults) and writes them back,
 * leaving defaults out so the address stays short.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from '@trungtam/shared/router';
import { isIsoDate } from '@trungtam/shared/operatorDate';

/** How one filter value travels in the URL. */
export interface ParamCodec<V> {
  /** The search-param name. */
  key: string;
  defaultValue: () => V;
  /** The value of a raw search param (null when absent); anything unusable gives the default. */
  parse: (raw: string | null) => V;
  /** The text to put in the URL, or null to leave the param out. */
  format: (value: V) => string | null;
  /** Filters of one group (the two ends of a range) count once on the filter button. */
  group?: string;
}

/** Free text (trimmed; empty is the default). */
export function textParam(key: string): ParamCodec<string> {
  return {
    key,
    defaultValue: () => '',
    parse: (raw) => raw ?? '',
    format: (value) => (value.trim() ? value.trim() : null),
  };
}

/** A whole number ≥ 0 (0, the default, means "all" in every list filter). */
export function intParam(key: string, fallback = 0): ParamCodec<number> {
  return {
    key,
    defaultValue: () => fallback,
    parse: (raw) => (raw !== null && /^\d{1,10}$/.test(raw) && Number(raw) <= 2147483647 ? Number(raw) : fallback),
    format: (value) => (Number.isInteger(value) && value !== fallback ? String(value) : null),
  };
}

/** One of a fixed list of values. */
export function oneOfParam<T extends string>(key: string, values: readonly T[], fallback: T): ParamCodec<T> {
  return {
    key,
    defaultValue: () => fallback,
    parse: (raw) => (raw !== null && (values as readonly string[]).includes(raw) ? (raw as T) : fallback),
    format: (value) => (value !== fallback ? value : null),
  };
}

/** A calendar date 'YYYY-MM-DD'; the default may move (today), so it is a function. */
export function dateParam(key: string, fallback: () => string, group?: string): ParamCodec<string> {
  return {
    key,
    group,
    defaultValue: fallback,
    parse: (raw) => (raw && isIsoDate(raw) ? raw : fallback()),
    format: (value) => (value && value !== fallback() ? value : null),
  };
}

export type FilterCodecs<F> = { [K in keyof F]: ParamCodec<F[K]> };

/**
 * The paging and sorting params of a list call: `limit`, `page`, and the header's sort, or
 * `sortColumn` newest first when no header is chosen.
 */
export function pageParams(page: number, sort: ListSort | null, { limit, sortColumn }: { limit: number; sortColumn: string }) {
  return { limit, page, sort_column: sort?.column ?? sortColumn, sort_type: sort?.direction ?? ('DESC' as const) };
}

export type SortDirection = 'ASC' | 'DESC';
export interface ListSort {
  column: string;
  direction: SortDirection;
}

/** What a list screen reads and sets: its filters, page and sort. */
export interface ListView<F> {
  filters: F;
  page: number;
  sort: ListSort | null;
  setView: (filters: F, page: number, sort?: ListSort | null) => void;
}

const PAGE_KEY = 'page';
const SORT_KEY = 'sort';
const ORDER_KEY = 'order';

export function defaultFilters<F>(codecs: FilterCodecs<F>): F {
  const out = {} as F;
  for (const name of Object.keys(codecs) as Array<keyof F>) out[name] = codecs[name].defaultValue();
  return out;
}

/** The filters, page and sort held by `search`. */
export function readListSearch<F>(codecs: FilterCodecs<F>, search: URLSearchParams): { filters: F; page: number; sort: ListSort | null } {
  const filters = {} as F;
  for (const name of Object.keys(codecs) as Array<keyof F>) filters[name] = codecs[name].parse(search.get(codecs[name].key));
  const rawPage = search.get(PAGE_KEY);
  const page = rawPage && /^\d{1,6}$/.test(rawPage) && Number(rawPage) > 0 ? Number(rawPage) : 1;
  const column = search.get(SORT_KEY);
  const order = search.get(ORDER_KEY);
  const sort = column && /^[a-z_]{1,64}$/.test(column) ? { column, direction: order === 'ASC' ? ('ASC' as const) : ('DESC' as const) } : null;
  return { filters, page, sort };
}

/** The search params of a list state; defaults are left out. */
export function writeListSearch<F>(codecs: FilterCodecs<F>, filters: F, page: number, sort: ListSort | null = null): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of Object.keys(codecs) as Array<keyof F>) {
    const text = codecs[name].format(filters[name]);
    if (text !== null) params.set(codecs[name].key, text);
  }
  if (sort) {
    params.set(SORT_KEY, sort.column);
    params.set(ORDER_KEY, sort.direction);
  }
  if (page > 1) params.set(PAGE_KEY, String(page));
  return params;
}

/** How many filters differ from their defaults (a group, such as a date range, counts once). */
export function activeFilterCount<F>(codecs: FilterCodecs<F>, filters: F): number {
  const counted = new Set<string>();
  for (const name of Object.keys(codecs) as Array<keyof F>) {
    const codec = codecs[name];
    if (codec.format(filters[name]) !== null) counted.add(codec.group ?? codec.key);
  }
  return counted.size;
}

/** The list state of a screen, held by the URL's search params. */
export function useUrlListView<F>(codecs: FilterCodecs<F>): ListView<F> {
  const [searchParams, setSearchParams] = useSearchParams();
  const { filters, page, sort } = useMemo(() => readListSearch(codecs, searchParams), [codecs, searchParams]);
  const setView = useCallback(
    (next: F, nextPage: number, nextSort?: ListSort | null) => setSearchParams(writeListSearch(codecs, next, nextPage, nextSort === undefined ? sort : nextSort)),
    [codecs, setSearchParams, sort],
  );
  return { filters, page, sort, setView };
}
