/**
 * The before / after difference of an audit entry: for a change, only the fields whose value differs;
 * for a creation (nothing before), every field after; for a deletion (nothing after), every field before.
 * The mode follows the data, not the action's name, so other writes (a session ended, an enrolment
 * removed with its new status) read the same way.
 */
import { formatDateTime } from '@trungtam/shared/format';

export type DiffMode = 'changes' | 'after' | 'before';

export interface DiffRow {
  field: string;
  before: unknown;
  after: unknown;
}

export interface AuditDiff {
  mode: DiffMode;
  rows: DiffRow[];
}

/** An object's fields; a bare value (an entry may hold one) becomes one field. */
function fieldsOf(value: unknown): Record<string, unknown> | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  return { value };
}

/** JSON with object keys sorted, so that two equal values written in another key order compare equal. */
function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}

export function auditDiff(before: unknown, after: unknown): AuditDiff {
  const b = fieldsOf(before);
  const a = fieldsOf(after);
  if (!b && !a) return { mode: 'changes', rows: [] };
  if (!b) return { mode: 'after', rows: Object.entries(a!).map(([field, value]) => ({ field, before: undefined, after: value })) };
  if (!a) return { mode: 'before', rows: Object.entries(b).map(([field, value]) => ({ field, before: value, after: undefined })) };
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return {
    mode: 'changes',
    rows: fields.filter((field) => canonical(b[field]) !== canonical(a[field])).map((field) => ({ field, before: b[field], after: a[field] })),
  };
}

export const EMPTY_VALUE = '(trống)';
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** A value as a person reads it: text as is, an instant on the operator's clock, objects and arrays as compact JSON. */
export function formatAuditValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  if (typeof value === 'string') return ISO_INSTANT.test(value) ? formatDateTime(value) : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
