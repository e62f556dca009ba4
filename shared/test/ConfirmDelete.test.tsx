import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ConfirmDelete } from '../src/ui/ConfirmDelete';
import { MESSAGES, TOAST_DURATION_MS } from '../src/validation';
import { spyToasts } from '../src/testing';
import { renderUi } from './render';

function Harness({ onConfirm, onDeleted }: { onConfirm: () => Promise<unknown>; onDeleted?: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <span data-testid="state">{open ? 'open' : 'closed'}</span>
      <ConfirmDelete open={open} onClose={() => setOpen(false)} onConfirm={onConfirm} onDeleted={onDeleted} />
    </>
  );
}

afterEach(() => jest.restoreAllMocks());

describe('ConfirmDelete', () => {
  it("asks 'Bạn có chắc chắn muốn xóa?' with cancel and agree buttons", async () => {
    renderUi(<Harness onConfirm={() => Promise.resolve()} />);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(MESSAGES.deleteConfirm);
    expect(screen.getByRole('button', { name: 'Huỷ' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Đồng ý' })).toBeInTheDocument();
  });

  it('cancel closes without deleting', async () => {
    const user = userEvent.setup();
    const onConfirm = jest.fn(() => Promise.resolve());
    renderUi(<Harness onConfirm={onConfirm} />);
    await user.click(await screen.findByRole('button', { name: 'Huỷ' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByTestId('state')).toHaveTextContent('closed');
  });

  it('agree deletes, toasts success for 2 seconds and closes', async () => {
    const toasts = spyToasts();
    const user = userEvent.setup();
    const onConfirm = jest.fn(() => Promise.resolve());
    const onDeleted = jest.fn();
    renderUi(<Harness onConfirm={onConfirm} onDeleted={onDeleted} />);
    await user.click(await screen.findByRole('button', { name: 'Đồng ý' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(toasts.last()).toMatchObject({ type: 'success', title: MESSAGES.deleted, duration: TOAST_DURATION_MS });
    expect(screen.getByTestId('state')).toHaveTextContent('closed');
  });

  it('a failed deletion toasts the failure and closes', async () => {
    const toasts = spyToasts();
    const user = userEvent.setup();
    const onDeleted = jest.fn();
    renderUi(<Harness onConfirm={() => Promise.reject(new Error('500'))} onDeleted={onDeleted} />);
    await user.click(await screen.findByRole('button', { name: 'Đồng ý' }));
    await waitFor(() => expect(toasts.spy).toHaveBeenCalled());
    expect(toasts.last()).toMatchObject({ type: 'error', title: MESSAGES.deleteFailed, duration: TOAST_DURATION_MS });
    expect(onDeleted).not.toHaveBeenCalled();
    expect(screen.getByTestId('state')).toHaveTextContent('closed');
  });

  it('another action confirms with its own question and details, and tells its outcome from its answer', async () => {
    const toasts = spyToasts();
    const user = userEvent.setup();
    renderUi(
      <ConfirmDelete<{ advanced: number }>
        open
        onClose={() => {}}
        onConfirm={() => Promise.resolve({ advanced: 7 })}
        message="Chốt điểm vòng 1?"
        description="2 thí sinh chưa có điểm"
        confirmLabel="Chốt điểm"
        successMessage={(result) => `${result.advanced} thí sinh vào vòng sau`}
      />,
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Chốt điểm vòng 1?');
    expect(dialog).toHaveTextContent('2 thí sinh chưa có điểm');
    await user.click(screen.getByRole('button', { name: 'Chốt điểm' }));
    await waitFor(() => expect(toasts.last()).toMatchObject({ type: 'success', title: '7 thí sinh vào vòng sau' }));
  });
});
