/**
 * The frame of a list screen: heading with the count, the toolbar (filter, export, add…), the table in
 * a card and the pagination bar. While the first page loads the count says so (never '0'); when it
 * could not be loaded the count and the bar are left out and the table offers a retry.
 */
import { Box, Button, Card, Flex, Heading, HStack, PaginationBar, Text } from '@trungtam/shared/ui/core';
import { PlusIcon } from '@trungtam/shared/icons';
import type { ReactNode } from 'react';

export const LIST_PAGE_TEXTS = { loading: 'Đang tải...' } as const;

export interface ListPageProps {
  title: string;
  /** 'N học viên'. */
  countText: string;
  heading: { loading: boolean; failed: boolean };
  toolbar?: ReactNode;
  table: ReactNode;
  page: number;
  pageSize: number;
  totalRows: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  fetching: boolean;
  /** Dialogs and modals of the screen. */
  children?: ReactNode;
}

export function ListPage({ title, countText, heading, toolbar, table, page, pageSize, totalRows, totalPages, onPageChange, fetching, children }: ListPageProps) {
  return (
    <Box>
      <Flex justify="space-between" align={{ base: 'flex-start', md: 'center' }} gap="4" wrap="wrap" mb="5">
        <Box>
          <Heading as="h1" size="lg">
            {title}
          </Heading>
          {!heading.failed && <Text color="fg.muted">{heading.loading ? LIST_PAGE_TEXTS.loading : countText}</Text>}
        </Box>
        <HStack gap="2" wrap="wrap">
          {toolbar}
        </HStack>
      </Flex>
      <Card.Root>
        <Card.Body p="0">{table}</Card.Body>
        {!heading.loading && !heading.failed && (
          <Card.Footer px="5" py="0" borderTopWidth="1px">
            <Box width="full">
              <PaginationBar page={page} pageSize={pageSize} totalRows={totalRows} totalPages={totalPages} onPageChange={onPageChange} disabled={fetching} />
            </Box>
          </Card.Footer>
        )}
      </Card.Root>
      {children}
    </Box>
  );
}

/** The toolbar's add button. */
export function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button size="sm" colorPalette="blue" onClick={onClick}>
      <PlusIcon />
      {label}
    </Button>
  );
}
