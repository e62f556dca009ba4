/**
 * An account list screen, composed once from the kit: heading and count, the toolbar (the feature's
 * filter, its own tools, the add button when allowed), the table, the pagination bar, the create/edit
 * form, and the password and delete dialogs. Each feature gives its pieces and texts.
 */
import type { UpdatePasswordRequest } from '@trungtam/shared/contracts';
import { AddButton, ListPage } from '@trungtam/shared/resource';
import type { ReactNode } from 'react';
import type { useAccountListPage } from './useAccountListPage';
import { AccountDialogs } from './AccountDialogs';

export interface AccountListScreenProps<F> {
  title: string;
  countText: string;
  addLabel: string;
  list: ReturnType<typeof useAccountListPage<F>>;
  filter: ReactNode;
  /** Tools between the filter and the add button (say, Export). */
  tools?: ReactNode;
  /** The bulk actions' bar (accountBulk.tsx). */
  bulkBar?: ReactNode;
  table: ReactNode;
  pageSize: number;
  /** The create/edit form modal, driven by `list.form`. */
  form: ReactNode;
  updatePassword: (payload: UpdatePasswordRequest) => Promise<unknown>;
  deleteAccount: (id: number) => Promise<unknown>;
  passwordSuccessMessage: string;
  delayMs?: number;
  /** The feature's other dialogs. */
  children?: ReactNode;
}

export function AccountListScreen<F>({
  title,
  countText,
  addLabel,
  list,
  filter,
  tools,
  bulkBar,
  table,
  pageSize,
  form,
  updatePassword,
  deleteAccount,
  passwordSuccessMessage,
  delayMs,
  children,
}: AccountListScreenProps<F>) {
  return (
    <ListPage
      title={title}
      heading={list.heading}
      countText={countText}
      toolbar={
        <>
          {filter}
          {tools}
          {list.may.create && <AddButton label={addLabel} onClick={list.openCreate} />}
        </>
      }
      bulkBar={bulkBar}
      table={table}
      pageSize={pageSize}
      {...list.pagination}
    >
      {form}
      <AccountDialogs
        {...list.dialogs}
        updatePassword={updatePassword}
        deleteAccount={deleteAccount}
        passwordSuccessMessage={passwordSuccessMessage}
        delayMs={delayMs}
      />
      {children}
    </ListPage>
  );
}
