/**
 * The actions of one row, declared once: as icon buttons (few actions) or as a ⋯ menu (many). An action
 * whose `hidden(row)` is true, or that the screen did not give (no permission), is not offered.
 */
import { HStack, IconButton, Menu, OnDemand, Portal, type StandInProps } from '@trungtam/shared/ui/core';
import { MoreIcon } from '@trungtam/shared/icons';
import type { ReactNode } from 'react';

export interface RowAction<T> {
  key: string;
  label: string;
  icon: ReactNode;
  onSelect: (row: T) => void;
  danger?: boolean;
  /** Rows this action does not apply to (say, deleting one's own account). */
  hidden?: (row: T) => boolean;
}

export const ROW_ACTIONS_TEXTS = { menu: 'Thao tác' } as const;

const visible = <T,>(actions: Array<RowAction<T> | false | null | undefined>, row: T) =>
  actions.filter((action): action is RowAction<T> => !!action && !action.hidden?.(row));

export function RowButtons<T>({ row, actions }: { row: T; actions: Array<RowAction<T> | false | null | undefined> }) {
  return (
    <HStack gap="1" justify="flex-end">
      {visible(actions, row).map((action) => (
        <IconButton
          key={action.key}
          size="sm"
          variant="ghost"
          colorPalette={action.danger ? 'red' : undefined}
          aria-label={action.label}
          title={action.label}
          onClick={() => action.onSelect(row)}
        >
          {action.icon}
        </IconButton>
      ))}
    </HStack>
  );
}

export function RowMenu<T>({ row, label, actions }: { row: T; label: string; actions: Array<RowAction<T> | false | null | undefined> }) {
  const shown = visible(actions, row);
  if (shown.length === 0) return null;
  const button = (props: Partial<StandInProps>) => (
    <IconButton size="sm" variant="ghost" aria-label={label} title={ROW_ACTIONS_TEXTS.menu} {...props}>
      <MoreIcon />
    </IconButton>
  );
  // (the menu's code comes with the first use: a list's rows draw their ⋯ buttons alone)
  return (
    <OnDemand part="Menu" popup="menu" button={button}>
      <Menu.Root defaultOpen positioning={{ placement: 'bottom-end' }}>
        <Menu.Trigger asChild>{button({})}</Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="48">
              {shown.map((action) => (
                <Menu.Item key={action.key} value={action.key} onSelect={() => action.onSelect(row)} color={action.danger ? 'fg.error' : undefined}>
                  {action.icon}
                  {action.label}
                </Menu.Item>
              ))}
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
    </OnDemand>
  );
}
