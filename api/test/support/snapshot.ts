/**
 * What the database holds, to compare before and after requests that must change nothing: the row count
 * and a digest of the full contents of every table, and a few rows in full (the accounts, enrolment and
 * role that coerced ids used to reach) so that a difference reads plainly.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client';

export interface DatabaseSnapshot {
  tables: Record<string, { rows: number; digest: string }>;
  watched: Record<string, string[]>;
}

/** Rows watched in full: users 1 and 16 (password hash included), enrolment 1, role 1. */
const WATCHED: Record<string, string> = {
  'user 1, 16': `select row_to_json(t)::text as row from "user" t where id in (1, 16) order by id`,
  'enrollment 1': `select row_to_json(t)::text as row from enrollment t where enrollment_id = 1`,
  'role 1': `select row_to_json(t)::text as row from role t where id = 1`,
  'role 1 permissions': `select string_agg(permission_id::text, ',' order by permission_id) as row from role_permission where role_id = 1`,
};

async function rows(database: Database, query: string): Promise<Array<Record<string, unknown>>> {
  const result = (await database.db.execute(sql.raw(query))) as unknown as { rows: Array<Record<string, unknown>> };
  return result.rows;
}

export async function snapshotDatabase(database: Database): Promise<DatabaseSnapshot> {
  const names = await rows(database, `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`);
  const tables: DatabaseSnapshot['tables'] = {};
  for (const { name } of names) {
    const quoted = `"${String(name).replace(/"/g, '""')}"`;
    const [row] = await rows(
      database,
      `select count(*)::int as n, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as digest from ${quoted} t`,
    );
    tables[String(name)] = { rows: Number(row.n), digest: String(row.digest) };
  }
  const watched: DatabaseSnapshot['watched'] = {};
  for (const [label, query] of Object.entries(WATCHED)) watched[label] = (await rows(database, query)).map((r) => String(r.row));
  return { tables, watched };
}

/** The differences between two snapshots, one line each (empty: the same). */
export function snapshotDifferences(before: DatabaseSnapshot, after: DatabaseSnapshot): string[] {
  const out: string[] = [];
  for (const name of new Set([...Object.keys(before.tables), ...Object.keys(after.tables)])) {
    const a = before.tables[name];
    const b = after.tables[name];
    if (!a || !b) out.push(`table ${name}: ${a ? 'gone' : 'new'}`);
    else if (a.rows !== b.rows) out.push(`table ${name}: ${a.rows} → ${b.rows} rows`);
    else if (a.digest !== b.digest) out.push(`table ${name}: contents changed`);
  }
  for (const label of Object.keys(before.watched)) {
    const a = before.watched[label].join('\n');
    const b = (after.watched[label] ?? []).join('\n');
    if (a !== b) out.push(`${label}:\n  before ${a}\n  after  ${b}`);
  }
  return out;
}
