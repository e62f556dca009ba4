/**
 * The area's list screens take no form code: its pages import neither Formik nor yup nor the UI kit's
 * forms, and a form downloads when it is first opened (or once the page has settled). Nor do they take
 * the kit's styled components: they draw their first screen with its list parts (ui/list) and the
 * resource kit, whose filters' fields, dialogs and menus download apart.
 */
import { mockRecordImport, recordedImports } from '../../jest.recordImports';

jest.mock('formik', () => mockRecordImport('formik'));
jest.mock('yup', () => mockRecordImport('yup'));
jest.mock('@trungtam/shared/ui/forms', () => mockRecordImport('@trungtam/shared/ui/forms', "the UI kit's forms"));
jest.mock('@trungtam/shared/ui', () => mockRecordImport('@trungtam/shared/ui', 'the whole UI kit'));
jest.mock('@trungtam/shared/ui/core', () => mockRecordImport('@trungtam/shared/ui/core', "the UI kit's core"));
jest.mock('@trungtam/shared/ui/base', () => mockRecordImport('@trungtam/shared/ui/base', "the UI kit's base"));
// (nothing downloaded ahead by the test setup: jest.setup.ts)
(globalThis as { coldLazyParts?: boolean }).coldLazyParts = true;
(globalThis as { coldDeferredUi?: boolean }).coldDeferredUi = true;

import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

it("the area's pages import neither Formik nor yup nor the UI kit's forms or styled components", async () => {
  await import('../src/Area');
  // (each page downloads when its route opens: its module is imported here as the browser would)
  const { SCREENS } = await import('../src/screens');
  await Promise.all(Object.values(SCREENS).map((load) => load()));
  expect(recordedImports).toEqual([]);
});

it("the teachers page's form downloads when first opened, then opens", async () => {
  // (the test helpers take the whole UI kit, forms included: imported after the test above)
  const { fakeAccountsApi, renderWithProviders, signInAs, signOut, teacher } = await import('./helpers');
  const { TeachersPage } = await import('../src/features/teachers/TeachersPage');
  signInAs('administrator', 'Administrator', []);
  try {
    fakeAccountsApi([teacher({ id: 2, name: 'Trần Thị Bình' })]);
    const user = userEvent.setup();
    renderWithProviders(<TeachersPage formDelayMs={0} />);
    await screen.findByText('Trần Thị Bình');
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => user.click(screen.getByRole('button', { name: 'Thêm giáo viên' })));
    expect(await screen.findByRole('dialog', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByLabelText(/Tên tài khoản/)).toBeInTheDocument();
  } finally {
    signOut();
  }
});
