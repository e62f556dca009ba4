/**
 * The "Nhập từ Excel" button of the teachers and students lists and its dialog, whose code (the dialog,
 * its table) downloads apart from the list, once it is opened (lazyParts.tsx in the resource kit).
 */
import type { AccountImportType } from '@trungtam/shared/schemas/accountImport';
import { UploadIcon } from '@trungtam/shared/icons';
import { lazyDialog } from '@trungtam/shared/resource';
import { useState } from 'react';

const AccountImportDialog = lazyDialog('AccountImportDialog', () => import('./AccountImportDialog').then((m) => m.AccountImportDialog));

export const ACCOUNT_IMPORT_BUTTON = 'Nhập từ Excel';

export function AccountImportTool({ type }: { type: AccountImportType }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="kit-button kit-button--outline" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <UploadIcon />
        {ACCOUNT_IMPORT_BUTTON}
      </button>
      <AccountImportDialog open={open} type={type} onClose={() => setOpen(false)} />
    </>
  );
}
