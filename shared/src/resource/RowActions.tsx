/**
 * The actions of one row, declared once: as icon buttons (few actions) or as a ⋯ menu (many). An action
 * whose `hidden(row)` is true, or that the screen did not give (no permission), is not offered. The
 * buttons are plain elements styled as the kit's ghost icon buttons (dataTable.css): a list draws them in
 * every row; the menu itself is the kit's, downloaded on first use.
 */
import { Menu, OnDemand, Portal, type StandInProps } from '@trungtam/shared/ui/list';
import { MoreIcon } from '@trungtam/shared/icons';
import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import './dataTable.css';

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

/** An icon button of a row; `aria-label` names it. (A ref, for the menu's trigger: `asChild`.) */
const RowActionButton = forwardRef<HTMLButtonElement, ButtonHTMLAttributes<HTMLButtonElement> & { 'aria-label': string; danger?: boolean }>(
  function RowActionButton({ danger = false, className, ...props }, ref) {
    // (the menu's trigger adds its own class, `asChild`: kept beside the button's)
    const ownClass = danger ? 'row-action row-action--danger' : 'row-action';
    return <button ref={ref} type="button" {...props} className={[ownClass, className].filter(Boolean).join(' ')} />;
  },
);

export function RowButtons<T>({ row, actions }: { row: T; actions: Array<RowAction<T> | false | null | undefined> }) {
  return (
    <div className="row-actions">
      {visible(actions, row).map((action) => (
        <RowActionButton key={action.key} danger={action.danger} aria-label={action.label} title={action.label} onClick={() => action.onSelect(row)}>
          {action.icon}
        </RowActionButton>
      ))}
    </div>
  );
}

export function RowMenu<T>({ row, label, actions }: { row: T; label: string; actions: Array<RowAction<T> | false | null | undefined> }) {
  const shown = visible(actions, row);
  if (shown.length === 0) return null;
  const button = (props: Partial<StandInProps>) => (
    <RowActionButton aria-label={label} title={ROW_ACTIONS_TEXTS.menu} {...props}>
      <MoreIcon />
    </RowActionButton>
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
