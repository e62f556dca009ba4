/**
 * The revisions of the guarded tables (`table_revision`, see the schema) and the in-process caches they
 * validate. The session check reads both revisions in its one query, so an authenticated request knows
 * them without another round trip.
 */
import type { Role } from '@trungtam/shared/contracts';
import type { KeptAnswer } from '../lib/compression';
import { RevisionCache } from '../lib/revision-cache';

export interface DataRevisions {
  /** Accounts: bumped by every write to the user table. */
  user: number;
  /** Roles, their permissions and the permission catalogue. */
  role: number;
}

export interface Caches {
  /** Roles with their permissions, by role id. */
  roles: RevisionCache<Role | undefined>;
  /** Derived facts about the account lists: totals per filter, page boundaries per filter and order. */
  userLists: RevisionCache<unknown>;
  /** Account list answers as sent (JSON bytes and their compressed copies), by caller's scope, query and role revision. */
  userListAnswers: RevisionCache<KeptAnswer>;
  /** The debts' totals per filter and day, under the orders' revision. */
  debtTotals: RevisionCache<{ count: number; owed: number; overdue: number }>;
}

export function createCaches(): Caches {
  return { roles: new RevisionCache(1_000), userLists: new RevisionCache(500), userListAnswers: new RevisionCache(300), debtTotals: new RevisionCache(200) };
}

