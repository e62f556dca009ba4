/**
 * Releasing and rolling out the builds of the remote areas (System ManageAreas): a build is registered
 * once per version after the compatibility gate; an area then has a stable build, an optional candidate
 * and who gets the candidate; the candidate is promoted or rolled back in one action; an area can be
 * switched off. Every change is written to the audit log in its own transaction.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import semver from 'semver';
import type { FastifyBaseLogger } from 'fastify';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { AuditAction, RemoteManifest } from '@trungtam/shared/contracts';
import { REMOTE_TEXT } from '@trungtam/shared/contracts/remotes';
import type { RemoteArea, RemoteRelease, RolloutInput } from '@trungtam/shared/schemas/remotes';
import type { GuardDecisionRecord, GuardSettingsRecord } from '@trungtam/shared/schemas/telemetry';
import type { AppContext } from '../types';
import type { Queryable } from '../db/client';
import { centers, remoteAreas, remoteBuilds, roles, users, type RolloutRule } from '../db/schema';
import { conflict, invalid, notFound, unavailable, unprocessable } from '../lib/errors';
import { fetchText } from '../lib/outbound-fetch';
import { writeAudit, type AuditContext } from '../factory/audit';
import { findActiveUser, loadRoles, toUserDto } from './accounts';
import { manifestFor } from './remotes';
import { guardSettingsOf } from './area-health';

/** What the gate reads of a Module Federation mf-manifest.json. */
export interface FederationManifest {
  name?: string;
  metaData?: { name?: string };
  shared: Array<{ name: string; version?: string; singleton?: boolean; requiredVersion?: string | false | null }>;
}

/** A manifest is a few kilobytes; the cap bounds what a hostile target can make the API read. */
const MANIFEST_MAX_BYTES = 2_000_000;
const FETCH_DEADLINE_MS = 10_000;

/**
 * A build's or the shell's mf-manifest.json, from a URL (fetched under lib/outbound-fetch's checks, the
 * `allowedOrigins` fetched whatever their address) or a file. Throws an Error saying why it cannot be
 * read, for the log.
 */
export async function readFederationManifest(
  location: string,
  allowedOrigins: readonly string[] = [],
): Promise<{ text: string; manifest: FederationManifest }> {
  let text: string;
  if (/^https?:\/\//i.test(location)) {
    text = await fetchText(location, { allowedOrigins, maxBytes: MANIFEST_MAX_BYTES, deadlineMs: FETCH_DEADLINE_MS });
  } else {
    text = await readFile(location, 'utf8');
  }
  if (text.length > MANIFEST_MAX_BYTES) throw new Error('tệp quá lớn');
  let manifest: unknown;
  try {
    manifest = JSON.parse(text);
  } catch {
    throw new Error('không phải JSON');
  }
  if (!manifest || typeof manifest !== 'object' || !Array.isArray((manifest as FederationManifest).shared)) {
    throw new Error('không phải mf-manifest.json của Module Federation');
  }
  return { text, manifest: manifest as FederationManifest };
}

/**
 * The singletons of a build that the shell cannot satisfy: the shell provides the library (it loads
 * first, so its copy is the one every remote gets) at a version outside the range the build requires.
 * A library the shell does not provide is not a problem: the build brings its own copy.
 */
export function incompatibilities(build: FederationManifest, shell: FederationManifest) {
  const provided = new Map(shell.shared.map((library) => [library.name, library.version]));
  const problems: Array<{ name: string; required: string; provided: string }> = [];
  for (const library of build.shared) {
    const required = library.requiredVersion;
    if (!library.singleton || typeof required !== 'string' || required === '') continue;
    const version = provided.get(library.name);
    if (!version) continue;
    if (!semver.satisfies(version, required, { includePrerelease: true })) problems.push({ name: library.name, required, provided: version });
  }
  return problems;
}

// ---------------------------------------------------------------- reading

type AreaRow = typeof remoteAreas.$inferSelect;

const rolloutRecord = (rule: RolloutRule) => ({
  percent: rule.percent ?? 0,
  types: rule.types ?? [],
  role_ids: rule.roleIds ?? [],
  center_ids: rule.centerIds ?? [],
  user_ids: rule.userIds ?? [],
});

/** The areas (all, or the one named) as administrators see them, with their builds newest first. */
export async function listAreas(db: Queryable, name?: string): Promise<RemoteArea[]> {
  const rows = await db
    .select()
    .from(remoteAreas)
    .where(name === undefined ? undefined : eq(remoteAreas.name, name))
    .orderBy(remoteAreas.name);
  if (rows.length === 0) return [];
  const builds = await db
    .select({
      area: remoteBuilds.area,
      version: remoteBuilds.version,
      entry: remoteBuilds.entry,
      releasedAt: remoteBuilds.releasedAt,
      releasedById: remoteBuilds.releasedBy,
      releasedByName: users.name,
    })
    .from(remoteBuilds)
    .leftJoin(users, eq(users.id, remoteBuilds.releasedBy))
    .where(inArray(remoteBuilds.area, rows.map((row) => row.name)))
    .orderBy(desc(remoteBuilds.releasedAt), desc(remoteBuilds.id));
  return rows.map((row) => ({
    name: row.name,
    enabled: row.enabled,
    routes: row.routes.map((route) => route.path),
    stable: { version: row.stableVersion, entry: row.stableEntry },
    previous_stable:
      row.previousStableVersion && row.previousStableEntry ? { version: row.previousStableVersion, entry: row.previousStableEntry } : null,
    candidate: row.candidateVersion && row.candidateEntry ? { version: row.candidateVersion, entry: row.candidateEntry } : null,
    rollout: row.candidateVersion && row.rollout ? rolloutRecord(row.rollout) : null,
    builds: builds
      .filter((build) => build.area === row.name)
      .map((build) => ({
        version: build.version,
        entry: build.entry,
        released_at: build.releasedAt.toISOString(),
        released_by: build.releasedById !== null && build.releasedByName !== null ? { id: build.releasedById, name: build.releasedByName } : null,
      })),
    updated_at: row.updatedAt.toISOString(),
  }));
}

async function areaRecord(db: Queryable, name: string): Promise<RemoteArea> {
  const [area] = await listAreas(db, name);
  if (!area) throw notFound(REMOTE_TEXT.unknownArea(name));
  return area;
}

/** The area's row, locked for the rest of the transaction (two administrators acting at once take turns). */
async function lockArea(tx: Queryable, name: string): Promise<AreaRow> {
  const [row] = await tx.select().from(remoteAreas).where(eq(remoteAreas.name, name)).for('update');
  if (!row) throw notFound(REMOTE_TEXT.unknownArea(name));
  return row;
}

/** What an audit entry keeps of an area's builds. */
const auditedState = (row: AreaRow) => ({
  enabled: row.enabled,
  stable: row.stableVersion,
  previous_stable: row.previousStableVersion,
  candidate: row.candidateVersion,
  rollout: row.candidateVersion && row.rollout ? rolloutRecord(row.rollout) : null,
});

/** Applies `change` to the locked area, audits before and after, and answers the area as it now is. */
async function changeArea(
  ctx: AppContext,
  name: string,
  action: AuditAction,
  audit: AuditContext,
  change: (row: AreaRow, tx: Queryable) => Promise<Partial<AreaRow>>,
): Promise<RemoteArea> {
  const { db } = ctx.database;
  await db.transaction(async (tx) => {
    const before = await lockArea(tx, name);
    const values = await change(before, tx);
    const [after] = await tx
      .update(remoteAreas)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(remoteAreas.name, name))
      .returning();
    await writeAudit(tx, audit, { action, resource: 'RemoteArea', resourceId: name, before: auditedState(before), after: auditedState(after) });
  });
  return areaRecord(db, name);
}

// ---------------------------------------------------------------- writing

/**
 * Registers a build (what `npm run release` calls): the manifest at `entry` must be this area's, the
 * version new (or the very same build again: nothing changes), and its singletons satisfiable by the
 * current shell (422 naming the library and both versions otherwise).
 */
export async function releaseBuild(ctx: AppContext, body: RemoteRelease, audit: AuditContext, log: FastifyBaseLogger): Promise<RemoteArea> {
  const { db } = ctx.database;
  const [area] = await db.select({ name: remoteAreas.name }).from(remoteAreas).where(eq(remoteAreas.name, body.area));
  if (!area) throw notFound(REMOTE_TEXT.unknownArea(body.area));

  let build: Awaited<ReturnType<typeof readFederationManifest>>;
  try {
    build = await readFederationManifest(body.entry, ctx.config.releaseAllowedOrigins);
  } catch (error) {
    // the reason (an address refused, HTTP 401, a timeout) is the operator's to read in the log, not the caller's
    log.warn({ entry: body.entry, reason: (error as Error).message }, 'release: the build manifest could not be read');
    throw unprocessable(REMOTE_TEXT.manifestUnreadable);
  }
  const buildName = build.manifest.name ?? build.manifest.metaData?.name;
  if (buildName !== body.area) throw unprocessable(REMOTE_TEXT.manifestWrongName(body.area, String(buildName ?? '?')));
  const digest = createHash('sha256').update(build.text).digest('hex');

  const [known] = await db
    .select()
    .from(remoteBuilds)
    .where(and(eq(remoteBuilds.area, body.area), eq(remoteBuilds.version, body.version)));
  if (known) {
    if (known.entry === body.entry && known.manifestDigest === digest) return areaRecord(db, body.area);
    throw conflict(REMOTE_TEXT.versionTaken(body.area, body.version));
  }

  let shell: FederationManifest;
  try {
    shell = (await readFederationManifest(ctx.config.shellManifest)).manifest;
  } catch {
    throw unavailable(REMOTE_TEXT.shellUnreadable);
  }
  const problems = incompatibilities(build.manifest, shell);
  if (problems.length > 0) throw unprocessable(REMOTE_TEXT.incompatible(problems));

  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(remoteBuilds)
      .values({ area: body.area, version: body.version, entry: body.entry, manifestDigest: digest, releasedBy: audit.actorId })
      .onConflictDoNothing()
      .returning({ id: remoteBuilds.id });
    // the same version registered by a concurrent release
    if (inserted.length === 0) throw conflict(REMOTE_TEXT.versionTaken(body.area, body.version));
    await writeAudit(tx, audit, { action: 'release', resource: 'RemoteArea', resourceId: body.area, after: { version: body.version, entry: body.entry } });
  });
  return areaRecord(db, body.area);
}

/** The ids of `wanted` that `table` lacks. */
async function missing(tx: Queryable, wanted: number[], present: (ids: number[]) => Promise<Array<{ id: number }>>): Promise<number[]> {
  if (wanted.length === 0) return [];
  const found = new Set((await present(wanted)).map((row) => row.id));
  return wanted.filter((id) => !found.has(id));
}

/** Refuses role, centre or user ids that name nothing (400 naming the field and the ids). */
async function assertTargetsExist(tx: Queryable, rollout: RolloutInput): Promise<void> {
  const fields: Record<string, string> = {};
  const roleIds = await missing(tx, rollout.role_ids ?? [], (ids) => tx.select({ id: roles.id }).from(roles).where(inArray(roles.id, ids)));
  if (roleIds.length) fields['rollout.role_ids'] = REMOTE_TEXT.idsNotFound('Quyền', roleIds);
  const centerIds = await missing(tx, rollout.center_ids ?? [], (ids) => tx.select({ id: centers.centerId }).from(centers).where(inArray(centers.centerId, ids)));
  if (centerIds.length) fields['rollout.center_ids'] = REMOTE_TEXT.idsNotFound('Trung tâm', centerIds);
  const userIds = await missing(tx, rollout.user_ids ?? [], (ids) =>
    tx.select({ id: users.id }).from(users).where(and(inArray(users.id, ids), isNull(users.deletedAt))),
  );
  if (userIds.length) fields['rollout.user_ids'] = REMOTE_TEXT.idsNotFound('Người dùng', userIds);
  if (Object.keys(fields).length > 0) throw invalid(fields);
}

/** Makes a registered build the area's candidate, for the users the rollout selects (replacing any candidate). */
export function setRollout(
  ctx: AppContext,
  body: { area: string; candidate_version: string; rollout: RolloutInput },
  audit: AuditContext,
): Promise<RemoteArea> {
  return changeArea(ctx, body.area, 'rollout', audit, async (row, tx) => {
    const [build] = await tx
      .select()
      .from(remoteBuilds)
      .where(and(eq(remoteBuilds.area, body.area), eq(remoteBuilds.version, body.candidate_version)));
    if (!build) throw notFound(REMOTE_TEXT.unknownBuild(body.area, body.candidate_version));
    if (build.version === row.stableVersion) throw conflict(REMOTE_TEXT.candidateIsStable);
    await assertTargetsExist(tx, body.rollout);
    const unique = (list: number[] | undefined) => [...new Set(list ?? [])];
    const rollout: RolloutRule = {
      percent: body.rollout.percent,
      types: [...new Set(body.rollout.types ?? [])],
      roleIds: unique(body.rollout.role_ids),
      centerIds: unique(body.rollout.center_ids),
      userIds: unique(body.rollout.user_ids),
    };
    // the guard judges a candidate on what it did since it was first given out (a new audience keeps its start)
    const rolloutStartedAt = row.candidateVersion === build.version && row.rolloutStartedAt ? row.rolloutStartedAt : new Date();
    return { candidateVersion: build.version, candidateEntry: build.entry, rollout, rolloutStartedAt };
  });
}

/** The candidate becomes the stable build for everyone; the stable one is kept for a rollback. */
export function promoteCandidate(ctx: AppContext, area: string, audit: AuditContext): Promise<RemoteArea> {
  return changeArea(ctx, area, 'promote', audit, async (row) => {
    if (!row.candidateVersion || !row.candidateEntry) throw conflict(REMOTE_TEXT.noCandidate);
    return {
      previousStableVersion: row.stableVersion,
      previousStableEntry: row.stableEntry,
      stableVersion: row.candidateVersion,
      stableEntry: row.candidateEntry,
      stableFromFile: false,
      candidateVersion: null,
      candidateEntry: null,
      rollout: null,
    };
  });
}

/** One action back: the candidate off when there is one; otherwise the stable build before the last promotion. */
export function rollBack(ctx: AppContext, area: string, audit: AuditContext): Promise<RemoteArea> {
  return changeArea(ctx, area, 'rollback', audit, async (row) => {
    if (row.candidateVersion) return { candidateVersion: null, candidateEntry: null, rollout: null };
    if (!row.previousStableVersion || !row.previousStableEntry) throw conflict(REMOTE_TEXT.nothingToRollBack);
    return {
      stableVersion: row.previousStableVersion,
      stableEntry: row.previousStableEntry,
      stableFromFile: false,
      previousStableVersion: null,
      previousStableEntry: null,
    };
  });
}

/** Switches an area on or off for everyone (off: its menu entries and routes leave every manifest). */
export function enableArea(ctx: AppContext, area: string, enabled: boolean, audit: AuditContext): Promise<RemoteArea> {
  return changeArea(ctx, area, enabled ? 'enable' : 'disable', audit, async () => ({ enabled }));
}

/** Changes an area's rollout guard settings (audited as an update of the area). */
export async function setGuardSettings(ctx: AppContext, area: string, settings: GuardSettingsRecord, audit: AuditContext): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    const before = await lockArea(tx, area);
    await tx.update(remoteAreas).set({ guard: settings, updatedAt: new Date() }).where(eq(remoteAreas.name, area));
    await writeAudit(tx, audit, { action: 'update', resource: 'RemoteArea', resourceId: area, before: { guard: guardSettingsOf(before.guard) }, after: { guard: settings } });
  });
}

/**
 * The guard's rollback: the candidate off, only while it is still `decision.version` (of two instances
 * judging at once, one acts). Audited as the system's action with the figures that decided; `alsoDo` runs
 * in the same transaction (the administrators' notification). True when this call switched it off.
 */
export async function guardSwitchOff(ctx: AppContext, area: string, decision: GuardDecisionRecord, alsoDo: (tx: Queryable) => Promise<void>): Promise<boolean> {
  return ctx.database.db.transaction(async (tx) => {
    const still = and(eq(remoteAreas.name, area), eq(remoteAreas.candidateVersion, decision.version));
    const [before] = await tx.select().from(remoteAreas).where(still).for('update');
    if (!before) return false;
    const [after] = await tx
      .update(remoteAreas)
      .set({ candidateVersion: null, candidateEntry: null, rollout: null, guardDecision: decision, updatedAt: new Date() })
      .where(still)
      .returning();
    if (!after) return false;
    await writeAudit(tx, { actorId: null, ip: null }, {
      action: 'rollback',
      resource: 'RemoteArea',
      resourceId: area,
      before: auditedState(before),
      after: { ...auditedState(after), guard: { reason: decision.reason, figures: decision.figures } },
    });
    await alsoDo(tx);
    return true;
  });
}

/** The manifest a user gets now: which build of which area (what the shell of that user would load). */
export async function previewManifest(db: Queryable, userId: number): Promise<RemoteManifest> {
  const row = await findActiveUser(db, userId);
  if (!row) throw notFound(REMOTE_TEXT.userNotFound);
  const roleOf = await loadRoles(db, [row.roleId]);
  return manifestFor(db, { ...toUserDto(row, roleOf.get(row.roleId)), sessionId: '' });
}
