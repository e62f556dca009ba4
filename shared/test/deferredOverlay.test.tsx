import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, useState } from 'react';
import { Dialog } from '../src/ui/deferred';
import { UiProvider } from '../src/ui/provider';

// the dialog's code not downloaded before the test (jest.setup.ts), and its download seen
(globalThis as { coldDeferredUi?: boolean }).coldDeferredUi = true;
const mockDialogCodeRequested = jest.fn();
jest.mock('@chakra-ui/react/dialog', () => {
  mockDialogCodeRequested();
  return jest.requireActual('@chakra-ui/react/dialog');
});

function Page() {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  return (
    <>
      <h1>Giáo viên</h1>
      <button type="button" onClick={() => setOpen(true)}>
        Xoá
      </button>
      <Dialog.Root open={open} onOpenChange={(event) => setOpen(event.open)}>
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Title>Bạn có chắc chắn muốn xóa?</Dialog.Title>
            <input aria-label="Lý do" value={typed} onChange={(event) => setTyped(event.target.value)} />
          </Dialog.Content>
        </Dialog.Positioner>
      </Dialog.Root>
    </>
  );
}

describe('a deferred dialog', () => {
  it('does not hold its page while closed, and opens once its code is there, the page staying', async () => {
    render(
      <UiProvider>
        <Suspense fallback={<p>Đang tải…</p>}>
          <Page />
        </Suspense>
      </UiProvider>,
    );
    // drawn at once: the closed dialog waits for nothing, and draws nothing (its code not asked for)
    expect(screen.getByRole('heading', { name: 'Giáo viên' })).toBeInTheDocument();
    expect(screen.queryByText('Đang tải…')).not.toBeInTheDocument();
    await act(async () => {});
    expect(screen.queryByRole('dialog', { hidden: true })).not.toBeInTheDocument();
    expect(mockDialogCodeRequested).not.toHaveBeenCalled();

    // (clicked inside an awaited act: the render that waits for the code must be flushed when it comes)
    await act(async () => screen.getByRole('button', { name: 'Xoá' }).click());
    // the page is not replaced by the loading state while the dialog's code downloads (nor after:
    // the open dialog hides it from assistive technologies, hence by its text)
    expect(screen.getByText('Giáo viên')).toBeInTheDocument();
    expect(screen.queryByText('Đang tải…')).not.toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Bạn có chắc chắn muốn xóa?' });
    expect(mockDialogCodeRequested).toHaveBeenCalledTimes(1);

    // what is typed in it stays through later renders (it is not mounted again)
    await userEvent.type(screen.getByRole('textbox', { name: 'Lý do' }), 'trùng');
    expect(screen.getByRole('textbox', { name: 'Lý do' })).toHaveValue('trùng');
    expect(dialog).toBeInTheDocument();
    await act(async () => {
      await userEvent.keyboard('{Escape}');
    });
    expect(dialog).toHaveAttribute('data-state', 'closed');
  });
});
