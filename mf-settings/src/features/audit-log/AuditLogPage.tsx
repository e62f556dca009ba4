/**
 * The audit log (System GetAuditLog) over GET /system/audit-log/list: read-only, newest first; each entry
 * says when (on the operator's clock), who, what and from where, and opens to the before / after
 * difference of its fields. Filters (who, resource, action, a date range, search) are kept in the URL.
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '@trungtam/shared/api';
import type { ApiData, AuditLogEntry, ListResult, User } from '@trungtam/shared/contracts';
import { formatDateTime } from '@trungtam/shared/format';
import { USER_TYPE_LABELS } from '@trungtam/shared/labels';
import { can } from '@trungtam/shared/permissions';
import { createDataSource, dateParam, FilterSelect, FilterText, intParam, DataSourceScreen, textParam, type FilterCodecs, type FilterOption, type ListSort } from '@trungtam/shared/resource';
import { useCurrentUser } from '@trungtam/shared/session';
import { Button, DateInput, Field, SimpleGrid } from '@trungtam/shared/ui';
import { PAGE_SIZES } from '@trungtam/shared/validation';
import { useState } from 'react';
import { actorText, AuditEntryDialog, whatText } from './AuditEntryDialog';
import { AUDIT_ACTION_LABELS, AUDIT_RESOURCE_LABELS, labelOptions } from './auditLabels';

export const AUDIT_LOG_TEXTS = {
  title: 'Nhật ký hệ thống',
  count: (n: number) => `${n} bản ghi`,
  // the screen creates nothing: the kit's add button is never shown
  add: '',
  table: 'Nhật ký hệ thống',
  when: 'Thời gian',
  who: 'Người thực hiện',
  what: 'Thao tác',
  where: 'Địa chỉ IP',
  details: 'Chi tiết',
  open: 'Xem thay đổi',
  openLabel: (id: number) => `Xem thay đổi của nhật ký #${id}`,
  actor: 'Người thực hiện',
  actorId: 'Hoặc ID tài khoản',
  everyone: 'Tất cả',
  resource: 'Đối tượng',
  allResources: 'Tất cả đối tượng',
  action: 'Thao tác',
  allActions: 'Tất cả thao tác',
  from: 'Từ ngày',
  to: 'Đến ngày',
  search: 'Tìm theo người thực hiện, mã đối tượng, IP',
} as const;

export const auditLog = createDataSource<AuditLogEntry>({ key: ['audit-log'], paths: { list: '/system/audit-log/list' }, id: (entry) => entry.id });

export interface AuditFilters {
  search: string;
  actor: number;
  resource: string;
  action: string;
  from: string;
  to: string;
}

const noDate = () => '';
export const AUDIT_FILTERS: FilterCodecs<AuditFilters> = {
  search: textParam('search'),
  actor: intParam('actor_id'),
  resource: textParam('resource'),
  action: textParam('action'),
  from: dateParam('from', noDate, 'created'),
  to: dateParam('to', noDate, 'created'),
};

export const AUDIT_PAGE_SIZE = 20;

/**
 * The list call: newest first unless a header says otherwise; created_at given twice (start, end) as the
 * operator's dates when a range is chosen, like /user/list (an end left open is sent empty).
 */
export function auditListParams(filters: AuditFilters, page: number, sort: ListSort | null): URLSearchParams {
  const params = new URLSearchParams({ limit: String(AUDIT_PAGE_SIZE), page: String(page), sort_column: sort?.column ?? 'id', sort_type: sort?.direction ?? 'DESC' });
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.actor) params.set('actor_id', String(filters.actor));
  if (filters.resource) params.set('resource', filters.resource);
  if (filters.action) params.set('action', filters.action);
  if (filters.from || filters.to) {
    params.append('created_at', filters.from ? `${filters.from} 00:00:00` : '');
    params.append('created_at', filters.to ? `${filters.to} 23:59:59` : '');
  }
  return params;
}

/** The staff accounts (administrators and giáo vụ) offered in the "who" filter, when the user may list accounts. */
function useStaffAccounts(enabled: boolean) {
  return useQuery({
    queryKey: ['audit-log', 'staff'],
    enabled,
    staleTime: 5 * 60_000,
    queryFn: async () => {
      const lists = await Promise.all(
        (['administrator', 'academic_affair'] as const).map((type) =>
          api.get<ApiData<ListResult<User>>>('/user/list', { params: { type, limit: PAGE_SIZES.fullAccounts, page: 1, sort_column: 'name', sort_type: 'ASC' } }),
        ),
      );
      return lists.flatMap((response) => response.data.data?.rows ?? []);
    },
  });
}

/** A select's options, keeping a value the URL holds that the known list lacks (say, another team's resource). */
function withCurrent(options: FilterOption[], current: string | number, label = String(current)): FilterOption[] {
  return !current || options.some((option) => option.value === current) ? options : [...options, { value: current, label }];
}

const RESOURCE_OPTIONS = labelOptions(AUDIT_RESOURCE_LABELS);
const ACTION_OPTIONS = labelOptions(AUDIT_ACTION_LABELS);

export function AuditLogPage() {
  const me = useCurrentUser();
  const staff = useStaffAccounts(can(me, 'User', 'GetAll'));
  const [shown, setShown] = useState<AuditLogEntry | null>(null);
  const T = AUDIT_LOG_TEXTS;
  const staffOptions: FilterOption[] = (staff.data ?? []).map((user) => ({ value: user.id, label: `${user.name} — ${USER_TYPE_LABELS[user.type]} (#${user.id})` }));

  return (
    <>
      <DataSourceScreen<AuditLogEntry, AuditFilters, Record<string, never>>
        source={auditLog}
        permission="System"
        texts={T}
        pageSize={AUDIT_PAGE_SIZE}
        columns={[
          { header: T.when, cell: (entry) => formatDateTime(entry.created_at), sortKey: 'created_at', nowrap: true },
          { header: T.who, cell: actorText },
          { header: T.what, cell: whatText },
          { header: T.where, cell: (entry) => entry.ip ?? '-' },
          {
            header: T.details,
            cell: (entry) => (
              <Button size="xs" variant="outline" aria-label={T.openLabel(entry.id)} onClick={() => setShown(entry)}>
                {T.open}
              </Button>
            ),
          },
        ]}
        filters={AUDIT_FILTERS}
        filterFields={(draft, setDraft) => (
          <>
            <FilterText label={T.search} type="search" value={draft.search} onChange={(search) => setDraft({ ...draft, search })} />
            <SimpleGrid columns={2} gap="3">
              <FilterSelect
                label={T.actor}
                value={draft.actor}
                options={withCurrent([{ value: 0, label: T.everyone }, ...staffOptions], draft.actor, `#${draft.actor}`)}
                onChange={(actor) => setDraft({ ...draft, actor: Number(actor) })}
              />
              <FilterText
                label={T.actorId}
                inputMode="numeric"
                value={draft.actor ? String(draft.actor) : ''}
                // digits only: anything else means everyone (0), as every id filter does
                onChange={(text) => setDraft({ ...draft, actor: /^\d{1,10}$/.test(text.trim()) && Number(text) <= 2147483647 ? Number(text) : 0 })}
              />
              <FilterSelect
                label={T.resource}
                value={draft.resource}
                options={withCurrent([{ value: '', label: T.allResources }, ...RESOURCE_OPTIONS], draft.resource)}
                onChange={(resource) => setDraft({ ...draft, resource })}
              />
              <FilterSelect
                label={T.action}
                value={draft.action}
                options={withCurrent([{ value: '', label: T.allActions }, ...ACTION_OPTIONS], draft.action)}
                onChange={(action) => setDraft({ ...draft, action })}
              />
              <Field.Root>
                <Field.Label>{T.from}</Field.Label>
                <DateInput value={draft.from} onChange={(from) => setDraft({ ...draft, from })} />
              </Field.Root>
              <Field.Root>
                <Field.Label>{T.to}</Field.Label>
                <DateInput value={draft.to} onChange={(to) => setDraft({ ...draft, to })} />
              </Field.Root>
            </SimpleGrid>
          </>
        )}
        listParams={auditListParams}
      />
      <AuditEntryDialog entry={shown} onClose={() => setShown(null)} />
    </>
  );
}
