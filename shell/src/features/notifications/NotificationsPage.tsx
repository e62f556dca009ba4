/** /notifications: the user's full notification list, newest first, read state visible, paged. */
import { useState } from 'react';
import { Badge, Card, Heading, PaginationBar, Stack, Table, TableStateRow } from '@trungtam/shared/ui/core';
import { useTranslation } from '@trungtam/shared/i18n';
import { formatDate } from '@trungtam/shared/format';
import { NOTIFICATION_READ } from '@trungtam/shared/contracts';
import { NOTIFICATIONS_PAGE_SIZE, useNotificationPage } from './api';
import { NOTIFICATION_TEXTS } from './texts';

export function NotificationsPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, isPending, isFetching } = useNotificationPage(page);
  const rows = data?.rows ?? [];
  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h1" size="lg">
          {NOTIFICATION_TEXTS.pageTitle}
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <Table.ScrollArea>
            <Table.Root size="sm" aria-label={NOTIFICATION_TEXTS.pageTitle}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{NOTIFICATION_TEXTS.name}</Table.ColumnHeader>
                  <Table.ColumnHeader>{NOTIFICATION_TEXTS.message}</Table.ColumnHeader>
                  <Table.ColumnHeader>{NOTIFICATION_TEXTS.createdAt}</Table.ColumnHeader>
                  <Table.ColumnHeader>{NOTIFICATION_TEXTS.state}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.length === 0 && !isPending ? (
                  <Table.Row>
                    <Table.Cell colSpan={4} py="10" textAlign="center" color="fg.muted">
                      {NOTIFICATION_TEXTS.empty}
                    </Table.Cell>
                  </Table.Row>
                ) : (
                  rows.map((item) => {
                    const unread = item.is_read === NOTIFICATION_READ.UNREAD;
                    return (
                      <Table.Row key={item.notification_id} fontWeight={unread ? 'bold' : 'normal'}>
                        <Table.Cell>{item.name}</Table.Cell>
                        <Table.Cell>{item.message}</Table.Cell>
                        <Table.Cell>{formatDate(item.created_at)}</Table.Cell>
                        <Table.Cell>
                          <Badge colorPalette={unread ? 'orange' : 'gray'}>
                            {unread ? t('notifications.unread') : t('notifications.read')}
                          </Badge>
                        </Table.Cell>
                      </Table.Row>
                    );
                  })
                )}
                <TableStateRow colSpan={4} loading={isPending} rowCount={rows.length || 1} />
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          <PaginationBar
            page={page}
            pageSize={NOTIFICATIONS_PAGE_SIZE}
            totalRows={data?.total_rows ?? 0}
            totalPages={data?.total_pages}
            onPageChange={setPage}
            disabled={isFetching}
          />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
