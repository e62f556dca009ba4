/**
 * What a returning user's entry asked ahead (earlySignedInPart.ts), kept here until the code that would
 * otherwise ask takes it, once: the first API calls' answers (the API client: withEarlyAnswers of
 * sessionStart.ts) and the manifest of the area the page opens on (remotes/federation.ts); and what the
 * user's last manifest said of the areas, kept for their next start (remotes/manifest.ts).
 *
 * The signed-in part takes these answers from this module, never from the entry's start: that module
 * imports the downloads it starts (the signed-in part, the UI kit), which import the signed-in part's
 * modules again. Imports nothing at run time but the manifest's route matching (remotes/manifestRoutes.ts),
 * which imports nothing either: the entry uses it before any shared module is loaded.
 */
import type { RemoteManifest } from '@trungtam/shared/contracts';
import { rememberedAreas, type RememberedArea } from '../remotes/manifestRoutes';

/** The remote manifest's API path (asked ahead by the entry, then by sessionStart.ts). */
export const MANIFEST_PATH = '/system/remote/manifest';

/**
 * Where the entry keeps what the user's last manifest said of the areas (their entries and route paths:
 * manifestRoutes.ts), with the user's id, so that their next start can fetch the opening area's manifest
 * at once rather than once the API's manifest has answered.
 */
export const REMEMBERED_AREAS_KEY = 'trungtam-areas';

/** The early calls' answers by full URL, the Authorization header they were sent with, and the path the page opened at. */
export interface EarlyAnswers {
  authorization: string;
  answers: Map<string, Promise<Response>>;
  path: string;
}

let early: EarlyAnswers | undefined;

/** The manifest of an area build (its mf-manifest.json) at `url`, and the answer to its fetch. */
export interface AreaManifestAnswer {
  url: string;
  answer: Promise<Response>;
}

/**
 * The manifest of the area the page opens on, fetched by the entry (ahead, or once the API's manifest has
 * answered): its URL and the answer, known once the API's manifest has answered (none when the page is
 * not an area's).
 */
let openingAreaManifest: Promise<AreaManifestAnswer | undefined> | undefined;

/** Keeps the entry's early calls (none: forgets the previous start's). */
export function keepEarlyAnswers(answers: EarlyAnswers | undefined): void {
  early = answers;
}

/** Keeps the entry's fetch of the opening area's manifest (none: forgets the previous start's). */
export function keepOpeningAreaManifest(opening: Promise<AreaManifestAnswer | undefined> | undefined): void {
  openingAreaManifest = opening;
}

/**
 * The early answer to GET `url` sent with `authorization`, once; none for another token (the session
 * changed since) or once taken (later calls ask the API).
 */
export function takeEarlyAnswer(url: string, authorization: string | undefined): Promise<Response> | undefined {
  if (!early || early.authorization !== authorization) return undefined;
  const answer = early.answers.get(url);
  early.answers.delete(url);
  return answer;
}

/**
 * Whether the page opened at `pathname` with the stored session of `token` (a returning user's start): an
 * area's route it opened on is timed from the page's start (remotes/areaHealth.ts), not from a navigation.
 */
export function openedWithSession(pathname: string, token: string | null): boolean {
  return early !== undefined && early.path === pathname && early.authorization === `Bearer ${token}`;
}

/**
 * The answer of the manifest at `url`, for the first area the page loads: the entry's, when the page
 * opened on that area (once the entry has read the API's manifest, which the page's own read of it does
 * not precede by much), else fetched now. None once taken, or without a stored session.
 */
export function takeOpeningAreaManifest(url: string): Promise<Response> | undefined {
  const opening = openingAreaManifest;
  openingAreaManifest = undefined;
  return opening?.then((found) => (found?.url === url ? found.answer : fetch(url)));
}

/** The areas the stored user's last manifest named (none for another user, or unreadable storage). */
export function readRememberedAreas(userId: number): RememberedArea[] {
  try {
    const stored = JSON.parse(localStorage.getItem(REMEMBERED_AREAS_KEY) ?? 'null') as { userId?: unknown; areas?: unknown } | null;
    if (stored?.userId !== userId || !Array.isArray(stored.areas)) return [];
    return (stored.areas as Array<Partial<RememberedArea> | null>).filter(
      (area): area is RememberedArea => typeof area?.entry === 'string' && Array.isArray(area.paths) && area.paths.every((path) => typeof path === 'string'),
    );
  } catch {
    return [];
  }
}

/** Keeps what `manifest` says of the areas for user `userId`'s next start (the manifest query, on each answer). */
export function rememberAreas(userId: number, manifest: RemoteManifest): void {
  try {
    localStorage.setItem(REMEMBERED_AREAS_KEY, JSON.stringify({ userId, areas: rememberedAreas(manifest) }));
  } catch {
    // (storage full or refused: the next start fetches the area's manifest once the API's answers)
  }
}
