/**
 * The kit's provider creates the design system when the first styled component renders, not itself: a
 * list's first screen (plain elements) creates none, the largest piece of script work of a page that uses
 * the kit. What the provider reads as it renders is answered ahead, with the created system's values.
 */
import { render, screen } from '@testing-library/react';
import { AddButton, ListPage } from '../src/resource/ListPage';
import { ExportButton } from '../src/ui/ExportButton';
import { FilterDropdown } from '../src/ui/FilterDropdown';
import { StateNotice } from '../src/ui/TableState';
import { Button } from '../src/ui/base';
import { PROVIDER_READS, UiProvider } from '../src/ui/provider';
import * as theme from '../src/ui/theme';

function TeachersLikeList() {
  return (
    <ListPage
      title="Danh sách giáo viên"
      countText="2 tài khoản giáo viên"
      heading={{ loading: false, failed: false }}
      toolbar={
        <>
          <FilterDropdown value={{}} defaultValues={{}} onApply={() => {}} activeCount={1}>
            {() => null}
          </FilterDropdown>
          <ExportButton path="/user/export" />
          <AddButton label="Thêm giáo viên" onClick={() => {}} />
        </>
      }
      table={<StateNotice loading rowCount={0} />}
      page={1}
      pageSize={50}
      totalRows={120}
      totalPages={3}
      onPageChange={() => {}}
      fetching={false}
    />
  );
}

it("draws a list's first screen without creating the design system, and creates it for the first styled component", () => {
  const { rerender } = render(
    <UiProvider toaster={false}>
      <TeachersLikeList />
    </UiProvider>,
  );
  expect(screen.getByRole('heading', { level: 1, name: 'Danh sách giáo viên' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /Bộ lọc/ })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Thêm giáo viên' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  expect(screen.getByRole('status')).toHaveTextContent('Đang tải...');
  expect(theme.system).toBeUndefined();

  rerender(
    <UiProvider toaster={false}>
      <TeachersLikeList />
      <Button>Lưu</Button>
    </UiProvider>,
  );
  expect(theme.system).toBeDefined();
  expect(screen.getByRole('button', { name: 'Lưu' })).toHaveClass('chakra-button');
});

it('answers what the provider reads ahead with the values of the created system', () => {
  const system = theme.uiSystem();
  expect(system._config.disableLayers).toBe(PROVIDER_READS.disableLayers);
  expect(system.layers.atRule).toBe(PROVIDER_READS.layersAtRule);
});
