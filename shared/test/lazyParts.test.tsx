/**
 * A list screen's first render takes no form code: the resource kit's barrel imports neither Formik nor
 * yup, its form parts download when first drawn (or once the page has settled, or with a screen's own
 * dialog), and a lazy dialog draws nothing until first opened.
 */
import { mockRecordImport, recordedImports } from '../../jest.recordImports';

jest.mock('formik', () => mockRecordImport('formik'));
jest.mock('yup', () => mockRecordImport('yup'));
// (nothing downloaded ahead by the test setup: jest.setup.ts)
(globalThis as { coldLazyParts?: boolean }).coldLazyParts = true;

import { act, render, screen, waitFor } from '@testing-library/react';
import { lazyDialog } from '../src/ui/lazyParts';

it("the resource kit's barrel imports neither Formik nor yup; its form modal brings them, downloaded with any screen's dialog", async () => {
  const kit = await import('../src/resource');
  expect(recordedImports).toEqual([]);
  // a screen's own form dialog, downloading: the kit's form modal (on which it is built) comes along
  await lazyDialog('ScreenForm', () => Promise.resolve(TestDialog)).preload();
  await waitFor(() => expect(recordedImports.sort()).toEqual(['formik', 'yup']));
  await kit.FormModal.preload();
});

function TestDialog({ open, title }: { open: boolean; title: string }) {
  return open ? <div role="dialog">{title}</div> : <p>đã đóng</p>;
}

it('a lazy dialog draws nothing and needs no code until first opened, then appears once its code is there', async () => {
  let arrive: (component: typeof TestDialog) => void = () => {};
  const load = jest.fn(() => new Promise<typeof TestDialog>((resolve) => (arrive = resolve)));
  const Dialog = lazyDialog('TestDialog', load);

  const { rerender } = render(<Dialog open={false} title="Thêm giáo viên" />);
  expect(document.body.textContent).toBe('');
  expect(load).not.toHaveBeenCalled();

  await act(async () => rerender(<Dialog open title="Thêm giáo viên" />));
  expect(load).toHaveBeenCalledTimes(1);
  expect(screen.queryByRole('dialog')).toBeNull();
  await act(async () => arrive(TestDialog));
  expect(await screen.findByRole('dialog')).toHaveTextContent('Thêm giáo viên');

  // once opened it stays drawn, closed as the dialog itself draws that
  rerender(<Dialog open={false} title="Thêm giáo viên" />);
  expect(screen.getByText('đã đóng')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(1);
});

it("a lazy dialog's code downloads ahead once the page has settled, still drawing nothing", async () => {
  const load = jest.fn(() => Promise.resolve(TestDialog));
  const Dialog = lazyDialog('TestDialog', load);
  render(<Dialog open={false} title="Sửa" />);
  await waitFor(() => expect(load).toHaveBeenCalledTimes(1), { timeout: 3000 });
  expect(document.body.textContent).toBe('');
});
