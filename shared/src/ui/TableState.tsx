/**
 * Loading, empty and failed rows of a list table: a spinner while loading, 'Không có dữ liệu' when
 * empty, and when the list could not be loaded a notice with a retry button (the spec keeps list
 * errors silent, with no toast, but the user must be able to tell a failure from an empty list).
 */
import { Button, Spinner, Table, Text, VStack } from '@chakra-ui/react';

export const TABLE_TEXTS = {
  loading: 'Đang tải...',
  empty: 'Không có dữ liệu',
  failed: 'Không tải được dữ liệu. Vui lòng kiểm tra kết nối và thử lại.',
  retry: 'Thử lại',
} as const;

export interface TableStateRowProps {
  colSpan: number;
  loading: boolean;
  /** Number of rows shown; the empty row appears at 0 once loaded. */
  rowCount: number;
  /** The list could not be loaded (and nothing is shown). */
  failed?: boolean;
  onRetry?: () => void;
  /** What the empty row says (default: 'Không có dữ liệu'). */
  emptyText?: string;
}

/** Renders one full-width row while loading, after a failure or when there is nothing to show. */
export function TableStateRow({ colSpan, loading, rowCount, failed = false, onRetry, emptyText = TABLE_TEXTS.empty }: TableStateRowProps) {
  if (!loading && !failed && rowCount > 0) return null;
  return (
    <Table.Row>
      <Table.Cell colSpan={colSpan} py="10">
        <VStack gap="3" color="fg.muted" role={loading ? 'status' : failed ? 'alert' : undefined}>
          {loading ? (
            <>
              <Spinner size="md" aria-hidden="true" />
              <Text>{TABLE_TEXTS.loading}</Text>
            </>
          ) : failed ? (
            <>
              <Text color="fg.error">{TABLE_TEXTS.failed}</Text>
              {onRetry && (
                <Button size="sm" variant="outline" onClick={onRetry}>
                  {TABLE_TEXTS.retry}
                </Button>
              )}
            </>
          ) : (
            <Text>{emptyText}</Text>
          )}
        </VStack>
      </Table.Cell>
    </Table.Row>
  );
}
