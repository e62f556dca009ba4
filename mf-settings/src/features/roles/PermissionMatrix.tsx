/**
 * The permission matrix of a role: one row per resource of the catalogue, one column per action, a
 * checkbox where the catalogue has that (resource, action) and a blank cell where it has not. Each row
 * and each column has a select-all checkbox (checked when all of it is chosen, mixed when some is), and
 * one in the corner selects everything. Real checkboxes, each named "<resource> — <action>", so the
 * matrix works by keyboard and a screen reader. It takes the form's width, its action headers wrapping
 * onto a second line, so that a desktop screen shows it whole; where it cannot (a phone), it scrolls inside
 * its frame, sideways under the resource column and down under the action headers, both staying in view.
 * The value is the chosen permission ids (integers, ascending).
 */
import {
  ACTION_LABELS,
  COMMON_ACTIONS,
  PERMISSION_CATALOGUE,
  PERMISSION_RESOURCE_LABELS,
  PERMISSION_RESOURCES,
  SCHEDULE_ACTIONS,
  SYSTEM_ACTIONS,
  type Action,
  type PermissionResource,
} from '@trungtam/shared/permissions';
import { Box, chakra, Field, Table, Text } from '@trungtam/shared/ui';
import { useField } from 'formik';
import { useEffect, useRef } from 'react';

export const PERMISSION_MATRIX_TEXTS = {
  table: 'Bảng phân quyền',
  resource: 'Mục',
  all: 'Tất cả',
  allPermissions: 'Tất cả quyền',
  cell: (resource: string, action: string) => `${resource} — ${action}`,
  wholeRow: (resource: string) => `${resource} — Tất cả thao tác`,
  wholeColumn: (action: string) => `Tất cả mục — ${action}`,
  chosen: (chosen: number, total: number) => `Đã chọn ${chosen}/${total} quyền`,
} as const;

/** Every action of the catalogue, in the catalogue's order: the common ones, then the special ones. */
const ACTIONS: readonly Action[] = [...COMMON_ACTIONS, ...SCHEDULE_ACTIONS, ...SYSTEM_ACTIONS];
const key = (resource: PermissionResource, action: Action) => `${resource}:${action}`;
const ID_OF = new Map(PERMISSION_CATALOGUE.map((p) => [key(p.resource, p.action), p.id]));
const ROW_IDS = new Map(PERMISSION_RESOURCES.map((resource) => [resource, ACTIONS.flatMap((action) => ID_OF.get(key(resource, action)) ?? [])]));
const COLUMN_IDS = new Map(ACTIONS.map((action) => [action, PERMISSION_RESOURCES.flatMap((resource) => ID_OF.get(key(resource, action)) ?? [])]));
const ALL_IDS = PERMISSION_CATALOGUE.map((p) => p.id);

type Tri = 'all' | 'some' | 'none';
function stateOf(ids: readonly number[], chosen: ReadonlySet<number>): Tri {
  const count = ids.filter((id) => chosen.has(id)).length;
  return count === 0 ? 'none' : count === ids.length ? 'all' : 'some';
}

/** A native checkbox (its mixed state can only be set as a DOM property). */
function Tick({ label, state, disabled, onToggle }: { label: string; state: Tri; disabled?: boolean; onToggle: (checked: boolean) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === 'some';
  }, [state]);
  return (
    <chakra.input
      ref={ref}
      type="checkbox"
      aria-label={label}
      checked={state === 'all'}
      disabled={disabled}
      onChange={(event) => onToggle(event.target.checked)}
      w="4"
      h="4"
      m="0"
      verticalAlign="middle"
      cursor={disabled ? 'not-allowed' : 'pointer'}
      css={{ accentColor: 'var(--chakra-colors-blue-600)' }}
    />
  );
}

// the resource column stays in view while the actions scroll under it
const sticky = { position: 'sticky', insetStart: 0, zIndex: 1, bg: 'bg', boxShadow: '6px 0 6px -6px rgba(0,0,0,0.15)' } as const;
// and the action headers while the resources scroll under them (the corner above both)
const stickyHeader = { position: 'sticky', top: 0, zIndex: 2, bg: 'bg' } as const;

export interface PermissionMatrixProps {
  /** The chosen permission ids. */
  value: readonly number[];
  onChange: (ids: number[]) => void;
  disabled?: boolean;
}

export function PermissionMatrix({ value, onChange, disabled }: PermissionMatrixProps) {
  const chosen = new Set(value);
  /** Adds or removes `ids`, keeping any other chosen id (the value stays sorted). */
  const set = (ids: readonly number[], on: boolean) => {
    // a browser sends no event to a disabled checkbox; a synthetic one must not change the value either
    if (disabled) return;
    const next = new Set(chosen);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    onChange([...next].sort((a, b) => a - b));
  };
  const T = PERMISSION_MATRIX_TEXTS;
  const chosenCount = ALL_IDS.filter((id) => chosen.has(id)).length;

  return (
    // full width, never the table's: the table scrolls inside the box instead of widening the form
    <Box w="full" minW="0">
      <Text fontSize="sm" color="fg.muted" mb="2" aria-live="polite">
        {T.chosen(chosenCount, ALL_IDS.length)}
      </Text>
      <Box overflow="auto" maxH="calc(100dvh - 10rem)" borderWidth="1px" borderRadius="md" w="full">
        <Table.Root size="sm" aria-label={T.table} css={{ borderCollapse: 'separate', borderSpacing: 0 }}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader {...sticky} {...stickyHeader} zIndex="3" minW="44">
                <chakra.label display="flex" alignItems="center" gap="2">
                  <Tick label={T.allPermissions} state={stateOf(ALL_IDS, chosen)} disabled={disabled} onToggle={(on) => set(ALL_IDS, on)} />
                  {T.resource}
                </chakra.label>
              </Table.ColumnHeader>
              {ACTIONS.map((action) => (
                <Table.ColumnHeader key={action} {...stickyHeader} textAlign="center" verticalAlign="top" minW="20" whiteSpace="normal">
                  <chakra.label display="flex" flexDirection="column" alignItems="center" gap="1">
                    <span>{ACTION_LABELS[action]}</span>
                    <Tick
                      label={T.wholeColumn(ACTION_LABELS[action])}
                      state={stateOf(COLUMN_IDS.get(action)!, chosen)}
                      disabled={disabled}
                      onToggle={(on) => set(COLUMN_IDS.get(action)!, on)}
                    />
                  </chakra.label>
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {PERMISSION_RESOURCES.map((resource) => (
              <Table.Row key={resource}>
                <Table.Cell {...sticky} as="th" scope="row" fontWeight="medium">
                  <chakra.label display="flex" alignItems="center" gap="2" whiteSpace="nowrap">
                    <Tick
                      label={T.wholeRow(PERMISSION_RESOURCE_LABELS[resource])}
                      state={stateOf(ROW_IDS.get(resource)!, chosen)}
                      disabled={disabled}
                      onToggle={(on) => set(ROW_IDS.get(resource)!, on)}
                    />
                    {PERMISSION_RESOURCE_LABELS[resource]}
                  </chakra.label>
                </Table.Cell>
                {ACTIONS.map((action) => {
                  const id = ID_OF.get(key(resource, action));
                  return (
                    <Table.Cell key={action} textAlign="center">
                      {id !== undefined && (
                        <Tick
                          label={T.cell(PERMISSION_RESOURCE_LABELS[resource], ACTION_LABELS[action])}
                          state={chosen.has(id) ? 'all' : 'none'}
                          disabled={disabled}
                          onToggle={(on) => set([id], on)}
                        />
                      )}
                    </Table.Cell>
                  );
                })}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </Box>
  );
}

/** The matrix bound to a formik field holding the ids (`permissions`), with the field's error under it. */
export function PermissionMatrixField({ name, label, helperText, disabled }: { name: string; label: string; helperText?: string; disabled?: boolean }) {
  const [field, meta, helpers] = useField<number[]>(name);
  return (
    <Field.Root invalid={!!meta.error} disabled={disabled}>
      <Field.Label as="span">{label}</Field.Label>
      {helperText && <Field.HelperText mb="2">{helperText}</Field.HelperText>}
      <PermissionMatrix value={field.value ?? []} onChange={(ids) => void helpers.setValue(ids)} disabled={disabled} />
      {meta.error && <Field.ErrorText>{meta.error}</Field.ErrorText>}
    </Field.Root>
  );
}
