/**
 * A data source: the data hooks made from an API's paths (the data-provider idea of react-admin and refine): list,
 * show, create, update and delete calls, their query keys, and cache invalidation after every write.
 * A screen declares the paths once; its list, form and delete dialog use the hooks.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { api } from '@trungtam/shared/api';
import { prefetchIfAbsent } from '@trungtam/shared/query';
import type { ApiData, BulkResult, BulkSelection, ListResult } from '@trungtam/shared/contracts';

/** List params: an object, or URLSearchParams when a key repeats (created_at given twice). */
export type ListParams = Record<string, unknown> | URLSearchParams;

export interface DataSourcePaths {
  /** GET, answering { data: { rows, total_rows, total_pages } }. */
  list: string;
  /** GET one record. */
  show?: (id: number) => string;
  /** POST the new record. */
  create?: string;
  /** PUT the changed record (its id in the body). */
  update?: string;
  /** DELETE one record. */
  remove?: (id: number) => string;
  /** POST `{ ids }` or `{ filter }`: delete each row (a soft-deleting resource of the API). */
  bulkRemove?: string;
  /** POST `{ ids }`: bring back rows deleted a moment ago (the undo of a delete). */
  restore?: string;
}

/** The paths of a resource whose deletes can be undone: crudPaths' and /{base}/bulk-delete, /{base}/restore. */
export const undoablePaths = (base: string): DataSourcePaths => ({ ...crudPaths(base), bulkRemove: `${base}/bulk-delete`, restore: `${base}/restore` });

/** The five paths most resources use: /{base}/list, create, show/{id}, update, delete/{id}. */
export const crudPaths = (base: string): DataSourcePaths => ({
  list: `${base}/list`,
  show: (id) => `${base}/show/${id}`,
  create: `${base}/create`,
  update: `${base}/update`,
  remove: (id) => `${base}/delete/${id}`,
});

export interface DataSourceDefinition<T> {
  /** The query-key root: every list and record of the resource lives under it. */
  key: readonly unknown[];
  paths: DataSourcePaths;
  /** The id of a record. */
  id: (record: T) => number;
  /** The new record in the create call's `data` (default: `data` itself). */
  createdRecord?: (data: unknown) => T | null;
  /** The key roots of other resources a write of this one changes (a variant group's delete deletes its variants). */
  refreshes?: ReadonlyArray<readonly unknown[]>;
}

function keyOfParams(params: ListParams): unknown {
  if (!(params instanceof URLSearchParams)) return params;
  return [...params.entries()];
}

export function createDataSource<T, TCreate = unknown, TUpdate = unknown>(definition: DataSourceDefinition<T>) {
  const { paths } = definition;
  const keys = {
    all: definition.key,
    list: (params: ListParams) => [...definition.key, 'list', keyOfParams(params)] as const,
    show: (id: number) => [...definition.key, 'show', id] as const,
  };

  const need = <P>(path: P | undefined, what: string): P => {
    if (path === undefined) throw new Error(`The resource ${String(definition.key)} has no ${what} path`);
    return path;
  };

  const calls = {
    async list(params: ListParams): Promise<ListResult<T>> {
      const response = await api.get<ApiData<ListResult<T>>>(paths.list, { params });
      const data = response.data.data;
      return { rows: data?.rows ?? [], total_rows: data?.total_rows ?? 0, total_pages: data?.total_pages ?? 0 };
    },
    async show(id: number): Promise<T> {
      const response = await api.get<ApiData<T>>(need(paths.show, 'show')(id));
      return response.data.data;
    },
    async create(body: TCreate): Promise<T | null> {
      const response = await api.post<ApiData<unknown>>(need(paths.create, 'create'), body);
      const data = response.data.data;
      return definition.createdRecord ? definition.createdRecord(data) : (data as T);
    },
    async update(body: TUpdate): Promise<unknown> {
      const response = await api.put(need(paths.update, 'update'), body);
      return response.data;
    },
    async remove(id: number): Promise<void> {
      await api.delete(need(paths.remove, 'delete')(id));
    },
    async bulkRemove(selection: BulkSelection): Promise<BulkResult> {
      return (await api.post<ApiData<BulkResult>>(need(paths.bulkRemove, 'bulk delete'), selection)).data.data;
    },
    async restore(ids: number[]): Promise<BulkResult> {
      return (await api.post<ApiData<BulkResult>>(need(paths.restore, 'restore'), { ids })).data.data;
    },
  };

  /** Refreshes every list and record of the resource, and of the resources its writes change. */
  const refreshAll = (queryClient: QueryClient) => {
    for (const queryKey of [keys.all, ...(definition.refreshes ?? [])]) void queryClient.invalidateQueries({ queryKey });
  };

  /** A write that refreshes every list and record of the resource once it succeeds. */
  function useWrite<V, R>(mutationFn: (variables: V) => Promise<R>) {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn,
      onSuccess: () => refreshAll(queryClient),
    });
  }

  return {
    definition,
    keys,
    ...calls,
    /** One page; the previous page stays on screen while the next loads. Errors are left to the screen. */
    useList(params: ListParams, { enabled = true, queryKey }: { enabled?: boolean; queryKey?: QueryKey } = {}) {
      const queryClient = useQueryClient();
      const options = { queryKey: queryKey ?? keys.list(params), queryFn: () => calls.list(params) };
      // asked for as the screen starts to render (its frame and toolbar take a while on a phone)
      if (enabled) prefetchIfAbsent(queryClient, options);
      return useQuery({ ...options, placeholderData: keepPreviousData, enabled });
    },
    useShow(id: number | null) {
      return useQuery({ queryKey: keys.show(id ?? 0), queryFn: () => calls.show(id ?? 0), enabled: !!id });
    },
    /** Create; the new record goes on top of the first page (`firstPageKey`) at once, then lists refresh. */
    useCreate({ firstPageKey, pageSize }: { firstPageKey?: QueryKey; pageSize?: number } = {}) {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: calls.create,
        onSuccess: (record) => {
          if (record && firstPageKey) {
            const id = definition.id(record);
            queryClient.setQueryData<ListResult<T>>(firstPageKey, (old) =>
              old
                ? {
                    ...old,
                    rows: [record, ...old.rows.filter((row) => definition.id(row) !== id)].slice(0, pageSize ?? old.rows.length + 1),
                    total_rows: old.total_rows + 1,
                  }
                : old,
            );
          }
          refreshAll(queryClient);
        },
      });
    },
    useUpdate: () => useWrite(calls.update),
    useRemove: () => useWrite(calls.remove),
    useBulkRemove: () => useWrite(calls.bulkRemove),
    useRestore: () => useWrite(calls.restore),
    /** Any other write on the resource (say, a password change) that refreshes it afterwards. */
    useWrite,
  };
}

export type DataSource<T, TCreate = unknown, TUpdate = unknown> = ReturnType<typeof createDataSource<T, TCreate, TUpdate>>;
