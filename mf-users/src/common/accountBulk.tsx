/**
 * The account lists' bulk actions (teachers, students, giáo vụ): rows chosen with the kit's checkboxes,
 * or every account the list's filter matches, and the actions the signed-in role allows:
 * - "Khoá" (User Update): irreversible for the sessions it ends, so it asks first, naming the count;
 * - "Mở khoá" (User Update): at once, with "Hoàn tác" (locks them again);
 * - "Gửi thông báo" (NotificationSetting Create): a title and a text (BulkMessageDialog);
 * - "Xuất Excel" (User Export): the existing export of the list, limited to the rows chosen;
 * - students only, "Xếp lớp" (LearningClassEnrollments Create): a class and a discount (BulkEnrolDialog).
 * The API answers each row on its own; the bar tells the outcome and each refusal.
 */
import { api } from '@trungtam/shared/api';
import type { ApiData, BulkResult, BulkSelection, UserType } from '@trungtam/shared/contracts';
import { can } from '@trungtam/shared/permissions';
import { BulkBar, filterOfParams, lazyDialog, useRowSelection, type BulkAction, type BulkDialogProps, type RowSelection } from '@trungtam/shared/resource';
import { useCurrentUser } from '@trungtam/shared/session';
import { downloadFile } from '@trungtam/shared/ui/list';
import { useMemo, type ReactNode } from 'react';
import type { User } from '@trungtam/shared/contracts';
import { ACCOUNTS } from './accounts';

const BulkMessageDialog = lazyDialog('BulkMessageDialog', () => import('./BulkDialogs').then((m) => m.BulkMessageDialog));
const BulkEnrolDialog = lazyDialog('BulkEnrolDialog', () => import('./BulkDialogs').then((m) => m.BulkEnrolDialog));

export const ACCOUNT_BULK_TEXTS = {
  noun: 'tài khoản',
  lock: 'Khoá',
  lockConfirm: (count: number) => `Khoá ${count} tài khoản? Các phiên đăng nhập của họ sẽ kết thúc ngay.`,
  locked: (count: number) => `Đã khoá ${count} tài khoản`,
  unlock: 'Mở khoá',
  unlocked: (count: number) => `Đã mở khoá ${count} tài khoản`,
  message: 'Gửi thông báo',
  sent: (count: number) => `Đã gửi thông báo tới ${count} tài khoản`,
  export: 'Xuất Excel',
  exported: (count: number) => (count ? `Đã xuất ${count} tài khoản ra Excel` : 'Đã xuất file Excel'),
  enrol: 'Xếp lớp',
  enrolled: (count: number) => `Đã xếp ${count} học viên vào lớp`,
} as const;

/** The numbers of an account list's query, as numbers: a bulk call's filter is JSON, never coerced. */
const NUMERIC_FILTERS = new Set(['status', 'center_id', 'user_id', 'no_guardian']);

/** The account list's filter (its params without page, order and relationships) as a bulk call sends it. */
export function accountFilterOf(params: URLSearchParams): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(filterOfParams(params)).flatMap(([key, value]) => {
      if (!NUMERIC_FILTERS.has(key)) return [[key, value]];
      const number = Number(value);
      // 0 is "all" in the list's query
      return number ? [[key, number]] : [];
    }),
  );
}

const postBulk = (path: string) => async (body: BulkSelection | { ids: number[] }) => (await api.post<ApiData<BulkResult>>(path, body)).data.data;

export interface AccountBulkOptions {
  type: UserType;
  rows: User[];
  totalRows: number;
  /** The list call's params of page 1 (its filter). */
  params: URLSearchParams;
  /** Changes with the page, the filter and the order. */
  resetKey: string;
  /** The export's params for the list's filter (the students' export adds its own). */
  exportParams: URLSearchParams;
  exportFileName?: string;
}

export function useAccountBulk({ type, rows, totalRows, params, resetKey, exportParams, exportFileName }: AccountBulkOptions): { selection?: RowSelection; bar: ReactNode } {
  const me = useCurrentUser();
  const source = ACCOUNTS[type];
  const lock = source.useWrite(postBulk('/user/bulk-lock'));
  const unlock = source.useWrite(postBulk('/user/bulk-unlock'));
  // (the messages and the enrolments change no account: the dialogs call the API themselves)
  const refresh = source.useWrite(async (result: BulkResult) => result);
  const pageIds = useMemo(() => rows.map((user) => user.id), [rows]);
  const filter = useMemo(() => accountFilterOf(params), [params]);
  const selection = useRowSelection({ pageIds, totalRows, filter, resetKey });

  const dialog = (Dialog: (props: BulkDialogProps) => ReactNode) => (props: BulkDialogProps) => (
    <Dialog {...props} onDone={(result) => void refresh.mutateAsync(result).then(props.onDone)} />
  );
  const actions: BulkAction[] = [
    ...(can(me, 'User', 'Update')
      ? [
          {
            key: 'lock',
            label: ACCOUNT_BULK_TEXTS.lock,
            danger: true,
            confirm: ACCOUNT_BULK_TEXTS.lockConfirm,
            run: (chosen: BulkSelection) => lock.mutateAsync(chosen),
            done: ACCOUNT_BULK_TEXTS.locked,
          },
          {
            key: 'unlock',
            label: ACCOUNT_BULK_TEXTS.unlock,
            run: (chosen: BulkSelection) => unlock.mutateAsync(chosen),
            undo: (ids: number[]) => lock.mutateAsync({ ids }),
            done: ACCOUNT_BULK_TEXTS.unlocked,
          },
        ]
      : []),
    ...(type === 'student' && can(me, 'LearningClassEnrollments', 'Create')
      ? [{ key: 'enrol', label: ACCOUNT_BULK_TEXTS.enrol, dialog: dialog(BulkEnrolDialog), done: ACCOUNT_BULK_TEXTS.enrolled }]
      : []),
    ...(can(me, 'NotificationSetting', 'Create') ? [{ key: 'message', label: ACCOUNT_BULK_TEXTS.message, dialog: dialog(BulkMessageDialog), done: ACCOUNT_BULK_TEXTS.sent }] : []),
    ...(can(me, 'User', 'Export')
      ? [
          {
            key: 'export',
            label: ACCOUNT_BULK_TEXTS.export,
            // the list's own export: its filter, or only the rows chosen
            run: async (chosen: BulkSelection) => {
              const ids = 'ids' in chosen ? chosen.ids : [];
              const sent = new URLSearchParams(exportParams);
              for (const id of ids) sent.append('ids', String(id));
              await downloadFile('/user/export', sent, exportFileName);
              return { succeeded: ids, refused: [] };
            },
            done: ACCOUNT_BULK_TEXTS.exported,
          },
        ]
      : []),
  ];
  if (!actions.length) return { bar: null };
  const rowName = (id: number) => rows.find((user) => user.id === id)?.name;
  return { selection, bar: <BulkBar selection={selection} actions={actions} noun={ACCOUNT_BULK_TEXTS.noun} rowName={rowName} /> };
}
