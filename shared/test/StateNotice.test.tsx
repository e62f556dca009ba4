/** The loading, failed and empty notice of a list that is not a table. */
import { fireEvent, screen } from '@testing-library/react';
import { StateNotice, TABLE_TEXTS } from '../src/ui/TableState';
import { renderUi } from './render';

describe('StateNotice', () => {
  it('says it is loading, then that there is nothing, then nothing at all once there are records', () => {
    const { rerender, container } = renderUi(<StateNotice loading rowCount={0} emptyText="Chưa có khu vực nào" />);
    expect(screen.getByRole('status')).toHaveTextContent(TABLE_TEXTS.loading);
    rerender(<StateNotice loading={false} rowCount={0} emptyText="Chưa có khu vực nào" />);
    expect(screen.getByText('Chưa có khu vực nào')).toBeInTheDocument();
    rerender(<StateNotice loading={false} rowCount={2} emptyText="Chưa có khu vực nào" />);
    expect(container).toBeEmptyDOMElement();
  });

  it('tells a failure from an empty list and offers to try again', () => {
    const retry = jest.fn();
    renderUi(<StateNotice loading={false} failed rowCount={0} onRetry={retry} />);
    expect(screen.getByRole('alert')).toHaveTextContent(TABLE_TEXTS.failed);
    fireEvent.click(screen.getByRole('button', { name: TABLE_TEXTS.retry }));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});
