/**
 * Saved views above a list (README "Sorting and saved views"): a button that names the saved view the
 * list's address matches, if any, and opens the views dialog (SavedViewsDialog.tsx, downloaded on first
 * use): apply one of the user's views or one shared with their role, save the current filters and sort
 * under a name, delete one's own. The list's key is its route's path; what is saved is its URL search
 * text but the page, so a view survives a reload, a sign-out and another device.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '@trungtam/shared/api';
import { savedViewQuery, type ApiData, type SavedView } from '@trungtam/shared/contracts';
import { ListIcon } from '@trungtam/shared/icons';
import { useLocation } from '@trungtam/shared/router';
import { lazyDialog } from '@trungtam/shared/ui/list';
import { useState } from 'react';
import '../ui/button.css';
import './listPage.css';

export const SAVED_VIEWS_TEXTS = {
  button: 'Chế độ xem',
  current: (name: string) => `Chế độ xem: ${name}`,
} as const;

/** The query key of a list's saved views. */
export const savedViewsKey = (listKey: string) => ['saved-views', listKey] as const;

/** GET /saved-view/list: the user's views of the list, then those shared with their role. */
export function useSavedViews(listKey: string) {
  return useQuery({
    queryKey: savedViewsKey(listKey),
    queryFn: async () => (await api.get<ApiData<SavedView[]>>('/saved-view/list', { params: { list_key: listKey } })).data.data,
    staleTime: 60_000,
  });
}

const SavedViewsDialog = lazyDialog('SavedViewsDialog', () => import('./SavedViewsDialog').then((m) => m.SavedViewsDialog));

/** The toolbar's saved-views button of the list at the current route. */
export function SavedViewsButton() {
  const location = useLocation();
  const listKey = location.pathname.replace(/\/+$/, '') || '/';
  const views = useSavedViews(listKey);
  const [open, setOpen] = useState(false);
  const current = savedViewQuery(location.search);
  const active = views.data?.find((view) => view.query === current && current !== '');
  return (
    <>
      <button type="button" className="kit-button kit-button--outline" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <ListIcon />
        <span className="list-page__saved-view">{active ? SAVED_VIEWS_TEXTS.current(active.name) : SAVED_VIEWS_TEXTS.button}</span>
      </button>
      <SavedViewsDialog open={open} onClose={() => setOpen(false)} listKey={listKey} search={location.search} />
    </>
  );
}
