/** A state of a list drawn as a row of the kit's table (StateNotice.tsx has the notice and its texts). */
import { Table } from '@chakra-ui/react';
// (the design system, which a page whose first screen is plain elements has not loaded yet)
import './theme';
import { showsListState, StateNotice, type StateNoticeProps } from './StateNotice';

export { showsListState, StateNotice, TABLE_TEXTS } from './StateNotice';
export type { StateNoticeProps } from './StateNotice';

export interface TableStateRowProps extends StateNoticeProps {
  colSpan: number;
}

/** Renders one full-width row while loading, after a failure or when there is nothing to show. */
export function TableStateRow({ colSpan, ...state }: TableStateRowProps) {
  if (!showsListState(state)) return null;
  return (
    <Table.Row>
      <Table.Cell colSpan={colSpan} py="0">
        <StateNotice {...state} />
      </Table.Cell>
    </Table.Row>
  );
}
