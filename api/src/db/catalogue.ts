/**
 * Keeps the permission table in step with the shared catalogue at every start: entries appended to the
 * catalogue (new resources or actions, with new ids) reach databases seeded before them, and a stored id
 * that names another (resource, action) than the catalogue stops the start (roles store ids, so a
 * renumbered catalogue would silently grant the wrong rights).
 */
import { PERMISSION_CATALOGUE } from '@trungtam/shared/permissions';
import type { Queryable } from './client';
import { permissions } from './schema';

export async function syncPermissionCatalogue(db: Queryable): Promise<number> {
  const stored = await db.select().from(permissions);
  const byId = new Map(stored.map((row) => [row.id, row]));
  for (const entry of PERMISSION_CATALOGUE) {
    const row = byId.get(entry.id);
    if (row && (row.resource !== entry.resource || row.action !== entry.action)) {
      throw new Error(`Permission ${entry.id} is ${row.resource}/${row.action} in the database but ${entry.resource}/${entry.action} in the catalogue`);
    }
  }
  const missing = PERMISSION_CATALOGUE.filter((entry) => !byId.has(entry.id));
  if (missing.length) {
    await db
      .insert(permissions)
      .values(missing.map(({ id, resource, action }) => ({ id, resource, action })))
      .onConflictDoNothing();
  }
  return missing.length;
}
