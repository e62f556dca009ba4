/**
 * /settings/accounts: academic-affairs (giáo vụ) accounts. The route has no permission check (spec
 * point 6); the data needs User permissions, so an account without them sees a notice instead of a list.
 * An academic-affairs user sees and manages the giáo vụ accounts of their own centre (the API scopes
 * it); only an administrator may list, create or edit administrator accounts.
 */
import type { User } from '@trungtam/shared/contracts';
import { can, isAdministrator } from '@trungtam/shared/permissions';
import { useCurrentUser } from '@trungtam/shared/session';
import { Alert, Box, Button, Heading } from '@trungtam/shared/ui';
import { MESSAGES } from '@trungtam/shared/validation';
import { useEffect, useState } from 'react';
import { AccountDialogs, AccountListLayout } from '../../../components/AccountListLayout';
import { PlusIcon } from '../../../components/icons';
import { STAFF_PAGE_SIZE, useDeleteStaff, useStaff, useUpdateStaffPassword } from '../api/staff';
import { DEFAULT_STAFF_FILTERS, type StaffFilters } from '../types';
import { STAFF_TYPE_LABELS } from '../utils/payload';
import { StaffFilter } from './StaffFilter';
import { StaffFormModal } from './StaffFormModal';
import { StaffTable } from './StaffTable';

type FormTarget = { mode: 'create' } | { mode: 'edit'; account: User } | null;

export const STAFF_PAGE_TEXTS = {
  title: 'Tài khoản giáo vụ',
  add: 'Thêm tài khoản',
  noAccess: 'Tài khoản của bạn không có quyền xem danh sách tài khoản giáo vụ.',
} as const;

export function StaffAccountsPage({ formDelayMs }: { formDelayMs?: number }) {
  const me = useCurrentUser();
  const mayList = can(me, 'User', 'GetAll');
  const mayCreate = can(me, 'User', 'Create');
  const isAdmin = isAdministrator(me);
  const [filters, setFilters] = useState<StaffFilters>(DEFAULT_STAFF_FILTERS);
  const [page, setPage] = useState(1);
  const [formTarget, setFormTarget] = useState<FormTarget>(null);
  const [passwordTarget, setPasswordTarget] = useState<User | null>(null);
  const [deleteTarget, setDeleteTarget] = useState<User | null>(null);

  const staff = useStaff(filters, page, mayList);
  const deleteStaff = useDeleteStaff(filters.type);
  const updatePassword = useUpdateStaffPassword(filters.type);
  const rows = staff.data?.rows ?? [];
  const totalRows = staff.data?.total_rows ?? 0;
  const totalPages = staff.data?.total_pages ?? 0;

  useEffect(() => {
    if (staff.data && totalPages > 0 && page > totalPages) setPage(totalPages);
  }, [staff.data, totalPages, page]);

  if (!mayList) {
    return (
      <Box>
        <Heading as="h1" size="lg" mb="5">
          {STAFF_PAGE_TEXTS.title}
        </Heading>
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>{STAFF_PAGE_TEXTS.noAccess}</Alert.Title>
        </Alert.Root>
      </Box>
    );
  }

  return (
    <AccountListLayout
      title={STAFF_PAGE_TEXTS.title}
      countText={`${totalRows} tài khoản ${STAFF_TYPE_LABELS[filters.type].toLowerCase()}`}
      toolbar={
        <>
          <StaffFilter
            value={filters}
            canChooseType={isAdmin}
            onApply={(next) => {
              setFilters(next);
              setPage(1);
            }}
          />
          {mayCreate && (
            <Button size="sm" colorPalette="blue" onClick={() => setFormTarget({ mode: 'create' })}>
              <PlusIcon />
              {STAFF_PAGE_TEXTS.add}
            </Button>
          )}
        </>
      }
      table={
        <StaffTable
          rows={rows}
          loading={staff.isPending}
          onChangePassword={setPasswordTarget}
          onEdit={(account) => setFormTarget({ mode: 'edit', account })}
          onDelete={setDeleteTarget}
        />
      }
      page={page}
      pageSize={STAFF_PAGE_SIZE}
      totalRows={totalRows}
      totalPages={totalPages}
      onPageChange={setPage}
      fetching={staff.isFetching}
    >
      <StaffFormModal
        open={formTarget !== null}
        account={formTarget?.mode === 'edit' ? formTarget.account : null}
        filters={filters}
        isAdmin={isAdmin}
        delayMs={formDelayMs}
        onClose={() => setFormTarget(null)}
      />
      <AccountDialogs
        passwordTarget={passwordTarget}
        deleteTarget={deleteTarget}
        onClosePassword={() => setPasswordTarget(null)}
        onCloseDelete={() => setDeleteTarget(null)}
        updatePassword={(payload) => updatePassword.mutateAsync(payload)}
        deleteAccount={(id) => deleteStaff.mutateAsync(id)}
        passwordSuccessMessage={MESSAGES.staffPasswordUpdated}
        delayMs={formDelayMs}
      />
    </AccountListLayout>
  );
}
