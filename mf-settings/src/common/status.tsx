/** A status of two states (1 in use, 2 paused), as the settings screens show it: labels, badge and choices. */
import { Tag } from '@trungtam/shared/ui';

export const STATUS_FILTER_ALL = 'Tất cả';

export function twoStateStatus(on: string, off: string) {
  const labels: Record<number, string> = { 1: on, 2: off };
  const options = [
    { value: 1, label: on },
    { value: 2, label: off },
  ];
  return {
    labels,
    /** The form's choices. */
    options,
    /** The filter's choices: 0 is every status. */
    filterOptions: [{ value: 0, label: STATUS_FILTER_ALL }, ...options],
    badge: (status: number) => <Tag palette={status === 1 ? 'green' : 'gray'}>{labels[status] ?? status}</Tag>,
  };
}
