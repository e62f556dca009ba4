/**
 * The frame of an account list screen: heading with a count, the toolbar (filter, export, add), the table
 * in a card and the pagination bar; plus the password and delete dialogs every account list has.
 */
import type { UpdatePasswordRequest, User } from '@trungtam/shared/contracts';
import {
  Box,
  Button,
  Card,
  ChangePasswordModal,
  ConfirmDelete,
  Flex,
  HStack,
  Heading,
  PaginationBar,
  Text,
} from '@trungtam/shared/ui';
import type { ReactNode } from 'react';
import { PlusIcon } from './icons';

export const LIST_LAYOUT_TEXTS = { loading: 'Đang tải...' } as const;

export interface AccountListLayoutProps {
  title: string;
  /** 'N học viên'; replaced while the first page loads, and left out when it could not be loaded. */
  countText: string;
  heading: { loading: boolean; failed: boolean };
  toolbar: ReactNode;
  table: ReactNode;
  page: number;
  pageSize: number;
  totalRows: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  fetching: boolean;
  children?: ReactNode;
}

export function AccountListLayout({
  title,
  countText,
  heading,
  toolbar,
  table,
  page,
  pageSize,
  totalRows,
  totalPages,
  onPageChange,
  fetching,
  children,
}: AccountListLayoutProps) {
  return (
    <Box>
      <Flex justify="space-between" align={{ base: 'flex-start', md: 'center' }} gap="4" wrap="wrap" mb="5">
        <Box>
          <Heading as="h1" size="lg">
            {title}
          </Heading>
          {!heading.failed && <Text color="fg.muted">{heading.loading ? LIST_LAYOUT_TEXTS.loading : countText}</Text>}
        </Box>
        <HStack gap="2" wrap="wrap">
          {toolbar}
        </HStack>
      </Flex>
      <Card.Root>
        <Card.Body p="0">{table}</Card.Body>
        {/* no 'Showing 0 to 0' before the first page has arrived, nor after it failed */}
        {!heading.loading && !heading.failed && (
          <Card.Footer px="5" py="0" borderTopWidth="1px">
            <Box width="full">
              <PaginationBar
                page={page}
                pageSize={pageSize}
                totalRows={totalRows}
                totalPages={totalPages}
                onPageChange={onPageChange}
                disabled={fetching}
              />
            </Box>
          </Card.Footer>
        )}
      </Card.Root>
      {children}
    </Box>
  );
}

export interface AccountDialogsProps {
  passwordTarget: User | null;
  deleteTarget: User | null;
  onClosePassword: () => void;
  onCloseDelete: () => void;
  updatePassword: (payload: UpdatePasswordRequest) => Promise<unknown>;
  deleteAccount: (id: number) => Promise<unknown>;
  passwordSuccessMessage: string;
  delayMs?: number;
}

/** The change-password modal and the delete confirmation of an account list. */
export function AccountDialogs({
  passwordTarget,
  deleteTarget,
  onClosePassword,
  onCloseDelete,
  updatePassword,
  deleteAccount,
  passwordSuccessMessage,
  delayMs,
}: AccountDialogsProps) {
  return (
    <>
      <ChangePasswordModal
        open={passwordTarget !== null}
        accountId={passwordTarget?.id}
        delayMs={delayMs}
        onClose={onClosePassword}
        onSubmit={(payload) => updatePassword(payload)}
        successMessage={passwordSuccessMessage}
      />
      <ConfirmDelete
        open={deleteTarget !== null}
        onClose={onCloseDelete}
        onConfirm={() => (deleteTarget ? deleteAccount(deleteTarget.id) : Promise.resolve())}
      />
    </>
  );
}

/** The toolbar's add button of an account list. */
export function AddAccountButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button size="sm" colorPalette="blue" onClick={onClick}>
      <PlusIcon />
      {label}
    </Button>
  );
}
