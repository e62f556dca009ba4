/** Loading and empty rows of a list table: a spinner while loading, 'Không có dữ liệu' when empty. */
import { Spinner, Table, Text, VStack } from '@chakra-ui/react';

export const TABLE_TEXTS = {
  loading: 'Đang tải...',
  empty: 'Không có dữ liệu',
} as const;

export interface TableStateRowProps {
  colSpan: number;
  loading: boolean;
  /** Number of rows shown; the empty row appears at 0 once loaded. */
  rowCount: number;
}

/** Renders one full-width row while loading or when there is nothing to show, otherwise nothing. */
export function TableStateRow({ colSpan, loading, rowCount }: TableStateRowProps) {
  if (!loading && rowCount > 0) return null;
  return (
    <Table.Row>
      <Table.Cell colSpan={colSpan} py="10">
        <VStack gap="2" color="fg.muted" role={loading ? 'status' : undefined}>
          {loading ? (
            <>
              <Spinner size="md" aria-hidden="true" />
              <Text>{TABLE_TEXTS.loading}</Text>
            </>
          ) : (
            <Text>{TABLE_TEXTS.empty}</Text>
          )}
        </VStack>
      </Table.Cell>
    </Table.Row>
  );
}
