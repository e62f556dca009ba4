import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PaginationBar, entryRange, pageItems } from '../src/ui/PaginationBar';
import { renderUi } from './render';

function pageLinks() {
  return screen.queryAllByRole('button', { name: /^Page \d+$/ }).map((b) => Number(b.textContent));
}

describe('pageItems', () => {
  it('lists every page when there are at most 7', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageItems(1, 0)).toEqual([]);
  });

  it('shows 7 links and an ellipsis on the right near the start', () => {
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 'ellipsis-end', 20]);
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, 6, 'ellipsis-end', 20]);
  });

  it('shows ellipses on both sides in the middle', () => {
    expect(pageItems(10, 20)).toEqual([1, 'ellipsis-start', 8, 9, 10, 11, 12, 'ellipsis-end', 20]);
  });

  it('shows an ellipsis on the left near the end', () => {
    expect(pageItems(20, 20)).toEqual([1, 'ellipsis-start', 15, 16, 17, 18, 19, 20]);
    expect(pageItems(17, 20)).toEqual([1, 'ellipsis-start', 15, 16, 17, 18, 19, 20]);
  });

  it('never shows more than 7 page links', () => {
    for (let total = 1; total <= 40; total += 1) {
      for (let page = 1; page <= total; page += 1) {
        const links = pageItems(page, total).filter((i) => typeof i === 'number');
        expect(links.length).toBeLessThanOrEqual(7);
        expect(links).toContain(page);
        expect(links).toContain(1);
        expect(links).toContain(total);
      }
    }
  });
});

describe('entryRange', () => {
  it('computes the first and last entry of a page', () => {
    expect(entryRange(1, 50, 120)).toEqual({ from: 1, to: 50 });
    expect(entryRange(3, 50, 120)).toEqual({ from: 101, to: 120 });
    expect(entryRange(1, 50, 0)).toEqual({ from: 0, to: 0 });
  });
});

describe('PaginationBar', () => {
  it("reads 'Showing 1 to 50 of 120 entries' on the first of 3 pages", () => {
    renderUi(<PaginationBar page={1} pageSize={50} totalRows={120} onPageChange={() => {}} />);
    expect(screen.getByText('Showing 1 to 50 of 120 entries')).toBeInTheDocument();
    expect(pageLinks()).toEqual([1, 2, 3]);
  });

  it('disables previous on page 1 and enables next', () => {
    renderUi(<PaginationBar page={1} pageSize={50} totalRows={120} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('disables next on the last page', () => {
    renderUi(<PaginationBar page={3} pageSize={50} totalRows={120} onPageChange={() => {}} />);
    expect(screen.getByText('Showing 101 to 120 of 120 entries')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('disables both with a single page', () => {
    renderUi(<PaginationBar page={1} pageSize={50} totalRows={12} onPageChange={() => {}} />);
    expect(screen.getByText('Showing 1 to 12 of 12 entries')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(pageLinks()).toEqual([1]);
  });

  it('shows 0 entries without page links', () => {
    renderUi(<PaginationBar page={1} pageSize={50} totalRows={0} onPageChange={() => {}} />);
    expect(screen.getByText('Showing 0 to 0 of 0 entries')).toBeInTheDocument();
    expect(pageLinks()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('shows exactly 7 pages without an ellipsis', () => {
    renderUi(<PaginationBar page={4} pageSize={10} totalRows={70} onPageChange={() => {}} />);
    expect(pageLinks()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(screen.queryByText('…')).not.toBeInTheDocument();
  });

  it('shows ellipses on both sides with 20 pages', () => {
    renderUi(<PaginationBar page={10} pageSize={10} totalRows={200} onPageChange={() => {}} />);
    expect(pageLinks()).toEqual([1, 8, 9, 10, 11, 12, 20]);
    expect(screen.getAllByText('…')).toHaveLength(2);
  });

  it('marks the current page with aria-current', () => {
    renderUi(<PaginationBar page={2} pageSize={50} totalRows={120} onPageChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 1' })).not.toHaveAttribute('aria-current');
  });

  it('changes page by click and by keyboard', async () => {
    const user = userEvent.setup();
    const onPageChange = jest.fn();
    renderUi(<PaginationBar page={1} pageSize={50} totalRows={120} onPageChange={onPageChange} />);
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
    screen.getByRole('button', { name: 'Page 2' }).focus();
    await user.keyboard('{Enter}');
    expect(onPageChange).toHaveBeenLastCalledWith(2);
    // the current page is not a change
    onPageChange.mockClear();
    await user.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(onPageChange).not.toHaveBeenCalled();
  });

  it('is a navigation landmark', () => {
    renderUi(<PaginationBar page={1} pageSize={50} totalRows={120} onPageChange={() => {}} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByRole('button', { name: 'Page 1' })).toBeInTheDocument();
  });
});
