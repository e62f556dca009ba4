/**
 * Accounts as the resource kit's screens read them, without a form: the matches of a search (what the
 * account pickers offer), how an account reads in a choice, and the names of accounts known by id.
 * Apart from the pickers (AccountPicker.tsx, form fields that download with the forms) so that a list
 * screen that shows names takes no form code.
 */
import { useQueries, useQuery } from '@tanstack/react-query';
import { api } from '@trungtam/shared/api';
import type { ApiData, ListResult, User, UserType } from '@trungtam/shared/contracts';
import { USER_TYPE_LABELS } from '@trungtam/shared/labels';

/** The accounts matching `search` (name, email, phone), of one type or any, the newest first: a picker shows the first 20. */
export const ACCOUNT_PICKER_SIZE = 20;

export function useAccountSearch(search: string, { type, enabled = true }: { type?: UserType; enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['users', 'choices', type ?? 'any', search],
    queryFn: async () => {
      const response = await api.get<ApiData<ListResult<User>>>('/user/list', {
        params: { limit: ACCOUNT_PICKER_SIZE, page: 1, sort_column: 'id', sort_type: 'DESC', type, search: search || undefined },
      });
      return response.data.data?.rows ?? [];
    },
    enabled,
    staleTime: 30_000,
  });
}

export const accountLabel = (user: Pick<User, 'name' | 'email' | 'type'>) => `${user.name} (${user.email}) – ${USER_TYPE_LABELS[user.type]}`;

/** An account of an AccountListPicker: its id, how it reads in the list, and its name (for a sentence). */
export interface ChosenAccount {
  id: number;
  label: string;
  name: string;
}

/**
 * The accounts of `ids` (GET /user/show/{id} each, kept a few minutes): for a record that keeps only ids.
 * An account not read (yet, or out of the user's reach) reads as '#id'.
 */
export function useAccountNames(ids: readonly number[], { enabled = true }: { enabled?: boolean } = {}) {
  const results = useQueries({
    queries: ids.map((id) => ({
      queryKey: ['users', 'show', id],
      queryFn: async () => (await api.get<ApiData<User>>(`/user/show/${id}`)).data.data,
      staleTime: 5 * 60_000,
      enabled,
    })),
  });
  const accounts = new Map<number, User>();
  results.forEach((result, index) => {
    if (result.data) accounts.set(ids[index], result.data);
  });
  return {
    accountOf: (id: number): User | undefined => accounts.get(id),
    nameOf: (id: number): string => accounts.get(id)?.name ?? `#${id}`,
    /** Whether some are still being read. */
    loading: results.some((result) => result.isPending && result.fetchStatus !== 'idle'),
  };
}
