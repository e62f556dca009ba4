/** Account status: 1 active (green), 2 waiting for approval (orange), 4 locked (red). */
import { ACCOUNT_STATUS } from '../contracts';
import { ACCOUNT_STATUS_LABELS } from '../labels';
import { Tag } from './Tag';

export { ACCOUNT_STATUS_LABELS };

/** Choices of the account forms' status select. */
export const ACCOUNT_STATUS_OPTIONS = [
  { value: ACCOUNT_STATUS.ACTIVE, label: ACCOUNT_STATUS_LABELS[ACCOUNT_STATUS.ACTIVE] },
  { value: ACCOUNT_STATUS.LOCKED, label: ACCOUNT_STATUS_LABELS[ACCOUNT_STATUS.LOCKED] },
] as const;

/** Choices of the list filters: 0 means all statuses. */
export const ACCOUNT_STATUS_FILTER_OPTIONS = [
  { value: 0, label: 'Tất cả' },
  ...ACCOUNT_STATUS_OPTIONS,
  { value: ACCOUNT_STATUS.PENDING, label: ACCOUNT_STATUS_LABELS[ACCOUNT_STATUS.PENDING] },
] as const;

export function AccountStatusBadge({ status }: { status: number }) {
  const label = ACCOUNT_STATUS_LABELS[status] ?? String(status);
  const palette = status === ACCOUNT_STATUS.ACTIVE ? 'green' : status === ACCOUNT_STATUS.LOCKED ? 'red' : status === ACCOUNT_STATUS.PENDING ? 'orange' : 'gray';
  return (
    <Tag palette={palette} data-status={status}>
      {label}
    </Tag>
  );
}
