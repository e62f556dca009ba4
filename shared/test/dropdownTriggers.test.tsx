/**
 * A dropdown's button looks the same once its dropdown is open: the kit's popover and menu take the
 * button as their trigger (`asChild`) and add a class of their own, which must not replace the button's.
 */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RowMenu } from '../src/resource/RowActions';
import { FilterDropdown } from '../src/ui/FilterDropdown';
import { renderUi } from './render';

it("the filter's button keeps the kit's outline look while its popover is open", async () => {
  const user = userEvent.setup();
  renderUi(
    <FilterDropdown value={{}} defaultValues={{}} onApply={() => {}}>
      {() => null}
    </FilterDropdown>,
  );
  await act(async () => user.click(screen.getByRole('button', { name: /Bộ lọc/ })));
  expect(await screen.findByRole('dialog')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /Bộ lọc/ })).toHaveClass('kit-button', 'kit-button--outline');
});

it("a row's ⋯ button keeps its look while its menu is open", async () => {
  const user = userEvent.setup();
  renderUi(<RowMenu row={{ id: 1 }} label="Thao tác của Phòng 101" actions={[{ key: 'edit', label: 'Sửa', icon: null, onSelect: () => {} }]} />);
  await act(async () => user.click(screen.getByRole('button', { name: 'Thao tác của Phòng 101' })));
  expect(await screen.findByRole('menuitem', { name: 'Sửa' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Thao tác của Phòng 101' })).toHaveClass('row-action');
});
