import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Menu, OnDemand, Portal, UiProvider, type StandInProps } from '@trungtam/shared/ui';

function AccountLikeMenu() {
  const button = (props: Partial<StandInProps>) => (
    <button type="button" aria-label="Account menu" {...props}>
      QV
    </button>
  );
  return (
    <OnDemand part="Menu" popup="menu" button={button}>
      <Menu.Root defaultOpen>
        <Menu.Trigger asChild>{button({})}</Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              <Menu.Item value="logout">Sign out</Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
    </OnDemand>
  );
}

describe('a header dropdown loaded on first use', () => {
  it('shows its button alone, as a popup button, until the first click opens the dropdown', async () => {
    render(<UiProvider><AccountLikeMenu /></UiProvider>);
    const standIn = screen.getByRole('button', { name: 'Account menu' });
    expect(standIn).toHaveAttribute('aria-haspopup', 'menu');
    expect(standIn).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menuitem', { name: 'Sign out' })).not.toBeInTheDocument();
    await userEvent.click(standIn);
    expect(await screen.findByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account menu' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('keeps a keyboard user’s focus when the real button replaces the one drawn alone', async () => {
    render(<UiProvider><AccountLikeMenu /></UiProvider>);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Account menu' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('menuitem', { name: 'Sign out' });
    // on the real button, or already inside the open menu: not dropped on the page
    await waitFor(() => expect(document.activeElement).not.toBe(document.body));
    const focused = document.activeElement!;
    expect(focused === screen.getByRole('button', { name: 'Account menu' }) || !!focused.closest('[role="menu"]')).toBe(true);
  });
});
