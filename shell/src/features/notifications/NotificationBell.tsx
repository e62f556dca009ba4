/**
 * The header's bell: the unread count as a badge; a click opens the dropdown, marks all
 * of the user's notifications read in one call and sets the badge to 0. The dropdown lists the latest
 * 3 (unread ones, is_read 2, in bold), 'see more' to /notifications when there are more than 3, and
 * 'Chưa có thông báo' when there are none. The count is polled (see api.ts). The button is a plain
 * element; the dropdown comes with the UI kit on first use (KitDropdown, BellDropdown.tsx).
 */
import { useState } from 'react';
import { useTranslation } from '@trungtam/shared/i18n';
import { PAGE_SIZES } from '@trungtam/shared/validation';
import { BellIcon } from '@trungtam/shared/icons';
import { useBellNotifications, useMarkAllRead } from './api';
import { KitDropdown, type StandInProps } from '../layout/KitDropdown';

export function NotificationBell() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { data } = useBellNotifications();
  const markAll = useMarkAllRead();
  const unread = data?.unread_rows ?? 0;
  const rows = data?.rows ?? [];
  const latest = rows.slice(0, PAGE_SIZES.notificationDropdown);
  const hasMore = (data?.total_rows ?? rows.length) > PAGE_SIZES.notificationDropdown;

  const button = (props: Partial<StandInProps>) => (
    <button type="button" className="frame-icon-button" aria-label={t('header.notifications')} title={t('header.unread', { count: unread })} {...props}>
      <BellIcon />
      {unread > 0 && (
        <span className="frame-count-badge" data-testid="notification-count">
          {unread}
        </span>
      )}
    </button>
  );

  return (
    <KitDropdown
      part="Popover"
      popup="dialog"
      button={button}
      onFirstOpen={() => {
        markAll.mutate();
        setOpen(true);
      }}
    >
      {({ BellDropdown }) => (
        <BellDropdown
          open={open}
          onOpenChange={setOpen}
          latest={latest}
          hasMore={hasMore}
          trigger={button({
            onClick: () => {
              if (!open) markAll.mutate();
            },
          })}
        />
      )}
    </KitDropdown>
  );
}
