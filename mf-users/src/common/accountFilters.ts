/** The filter fields every account list has: free-text search and status (0 = all). */
export interface AccountFilterValues {
  search: string;
  status: number;
}

/** How many of the common fields are set (shown on the filter button, with the feature's own). */
export const accountFilterCount = (value: AccountFilterValues) => (value.search.trim() ? 1 : 0) + (value.status ? 1 : 0);
