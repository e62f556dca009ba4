import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ChangePasswordModal } from '../src/ui/ChangePasswordModal';
import { MESSAGES, TOAST_DURATION_MS } from '../src/validation';
import { spyToasts } from '../src/testing';
import { renderUi } from './render';

interface HarnessProps {
  accountId?: number | null;
  onSubmit: (payload: { id: number; password: string }) => Promise<unknown>;
}

function Harness({ accountId = 42, onSubmit }: HarnessProps) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <span data-testid="state">{open ? 'open' : 'closed'}</span>
      <ChangePasswordModal
        open={open}
        accountId={accountId}
        onClose={() => setOpen(false)}
        onSubmit={onSubmit}
        successMessage={MESSAGES.passwordUpdated}
        delayMs={0}
      />
    </>
  );
}

afterEach(() => jest.restoreAllMocks());

describe('ChangePasswordModal', () => {
  it('shows the title, one password field and a disabled button while empty', async () => {
    renderUi(<Harness onSubmit={() => Promise.resolve()} />);
    expect(await screen.findByRole('heading', { name: MESSAGES.changePasswordTitle })).toBeInTheDocument();
    expect(screen.getByLabelText(/Mật khẩu mới/)).toHaveAttribute('type', 'password');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: MESSAGES.changePasswordSubmit })).toBeDisabled(),
    );
  });

  it.each([
    ['', MESSAGES.accountPasswordRequired],
    ['123', MESSAGES.accountPasswordMin],
    ['x'.repeat(51), MESSAGES.accountPasswordMax],
  ])('password %j shows %s', async (value, message) => {
    const user = userEvent.setup();
    renderUi(<Harness onSubmit={() => Promise.resolve()} />);
    const input = await screen.findByLabelText(/Mật khẩu mới/);
    await user.click(input);
    if (value) await user.paste(value);
    await user.tab();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: MESSAGES.changePasswordSubmit })).toBeDisabled();
  });

  it('waits, sends {id, password}, toasts the caller message and closes', async () => {
    const toasts = spyToasts();
    const user = userEvent.setup();
    let resolve: () => void = () => {};
    const onSubmit = jest.fn(() => new Promise<void>((r) => (resolve = r)));
    renderUi(<Harness onSubmit={onSubmit} />);
    await user.type(await screen.findByLabelText(/Mật khẩu mới/), 'matkhau-moi');
    const button = screen.getByRole('button', { name: MESSAGES.changePasswordSubmit });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    const waiting = await screen.findByRole('button', { name: MESSAGES.pleaseWait });
    expect(waiting).toBeDisabled();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ id: 42, password: 'matkhau-moi' }));
    resolve();
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('closed'));
    expect(toasts.last()).toMatchObject({
      type: 'success',
      title: MESSAGES.passwordUpdated,
      duration: TOAST_DURATION_MS,
    });
  });

  it('shows the failure in an alert inside the form and stays open', async () => {
    const toasts = spyToasts();
    const user = userEvent.setup();
    renderUi(<Harness onSubmit={() => Promise.reject(new Error('500'))} />);
    await user.type(await screen.findByLabelText(/Mật khẩu mới/), 'matkhau-moi');
    await user.click(screen.getByRole('button', { name: MESSAGES.changePasswordSubmit }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.passwordUpdateFailed);
    expect(screen.getByRole('form', { name: MESSAGES.changePasswordTitle })).toContainElement(alert);
    expect(screen.getByTestId('state')).toHaveTextContent('open');
    expect(screen.getByRole('button', { name: MESSAGES.changePasswordSubmit })).toBeEnabled();
    expect(toasts.spy).not.toHaveBeenCalled();
  });

  it('cannot submit without an account id', async () => {
    renderUi(<Harness accountId={null} onSubmit={() => Promise.resolve()} />);
    await screen.findByRole('heading', { name: MESSAGES.changePasswordTitle });
    expect(screen.queryByRole('button', { name: MESSAGES.changePasswordSubmit })).not.toBeInTheDocument();
  });
});
