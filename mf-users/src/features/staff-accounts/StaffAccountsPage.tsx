/**
 * /settings/accounts: academic-affairs (giáo vụ) accounts. The route has no permission check;
 * the data needs User permissions, so an account without them sees a notice instead of a list.
 * An academic-affairs user sees and manages the giáo vụ accounts of their own centre (the API scopes
 * it); only an administrator may list, create or edit administrator accounts.
 */
import { can, isAdministrator } from '@trungtam/shared/permissions';
import { useCurrentUser } from '@trungtam/shared/session';
import { MESSAGES } from '@trungtam/shared/validation';
import { lazyDialog, lazyPart, useUrlListView } from '@trungtam/shared/resource';
import { AccountListScreen } from '../../common/AccountListScreen';
import { useAccountListPage } from '../../common/useAccountListPage';
import { useAccountBulk } from '../../common/accountBulk';
import { STAFF_PAGE_SIZE, staffParams, useDeleteStaff, useStaff, useUpdateStaffPassword } from './api';
import { STAFF_FILTERS } from './types';
import { STAFF_TYPE_LABELS } from './payload';
import { StaffFilter } from './StaffFilter';
import { StaffTable } from './StaffTable';

// the form: its code (Formik, yup) downloads apart from the list (lazyParts.tsx in the resource kit)
const StaffFormModal = lazyDialog('StaffFormModal', () => import('./StaffFormModal').then((m) => m.StaffFormModal));
// (built with the kit, which the list's first screen does not load: shown to few, it downloads when needed)
const StaffNoAccess = lazyPart('StaffNoAccess', () => import('./StaffNoAccess').then((m) => m.StaffNoAccess));

export const STAFF_PAGE_TEXTS = {
  title: 'Tài khoản giáo vụ',
  add: 'Thêm tài khoản',
  noAccess: 'Tài khoản của bạn không có quyền xem danh sách tài khoản giáo vụ.',
} as const;

export function StaffAccountsPage({ formDelayMs }: { formDelayMs?: number }) {
  const me = useCurrentUser();
  const mayList = can(me, 'User', 'GetAll');
  const isAdmin = isAdministrator(me);
  const urlView = useUrlListView(STAFF_FILTERS);
  // only an administrator may list administrator accounts: anyone else stays on giáo vụ accounts
  const view = isAdmin ? urlView : { ...urlView, filters: { ...urlView.filters, type: 'academic_affair' as const } };
  const staff = useStaff(view.filters, view.page, mayList, view.sort);
  const list = useAccountListPage(view, staff);
  const deleteStaff = useDeleteStaff(view.filters.type);
  const updatePassword = useUpdateStaffPassword(view.filters.type);
  const params = staffParams(view.filters, 1);
  const bulk = useAccountBulk({
    type: view.filters.type,
    rows: list.rowsState.rows,
    totalRows: list.totalRows,
    params,
    resetKey: JSON.stringify([view.filters, view.page]),
    exportParams: params,
  });

  if (!mayList) {
    return <StaffNoAccess title={STAFF_PAGE_TEXTS.title} text={STAFF_PAGE_TEXTS.noAccess} />;
  }

  return (
    <AccountListScreen
      title={STAFF_PAGE_TEXTS.title}
      countText={`${list.totalRows} tài khoản ${STAFF_TYPE_LABELS[list.filters.type].toLowerCase()}`}
      addLabel={STAFF_PAGE_TEXTS.add}
      list={list}
      filter={<StaffFilter value={list.filters} canChooseType={isAdmin} onApply={list.applyFilters} />}
      bulkBar={bulk.bar}
      table={<StaffTable {...list.rowsState} {...list.handlers} selection={bulk.selection} sort={list.sort} onSort={list.toggleSort} />}
      pageSize={STAFF_PAGE_SIZE}
      form={
        <StaffFormModal
          open={list.form.open}
          account={list.form.record}
          filters={list.filters}
          isAdmin={isAdmin}
          delayMs={formDelayMs}
          onClose={list.form.onClose}
          onSaved={list.form.onSaved}
        />
      }
      updatePassword={(payload) => updatePassword.mutateAsync(payload)}
      deleteAccount={(id) => deleteStaff.mutateAsync(id)}
      passwordSuccessMessage={MESSAGES.staffPasswordUpdated}
      delayMs={formDelayMs}
    />
  );
}
