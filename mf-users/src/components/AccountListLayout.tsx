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

export interface AccountListLayoutProps {
  title: string;
  countText: string;
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
          <Text color="fg.muted">{countText}</Text>
        </Box>
        <HStack gap="2">{toolbar}</HStack>
      </Flex>
      <Card.Root>
        <Card.Body p="0">{table}</Card.Body>
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
