/**
 * A returning user's signed-in part starts downloading with the start-up's own scripts, from the entry,
 * rather than once those are evaluated (the bootstrap then finds it loading: signedInPart.tsx). Only with
 * a stored session: the sign-in page downloads none of it. Its import lives here, not in the entry
 * module, so that the page's preloads (pluginPreloadStartup, which follows the entry's own imports) stay
 * those of the sign-in page.
 */

/** The session store's key in local storage (SESSION_STORAGE_KEY of @trungtam/shared/session). */
export const STORED_SESSION_KEY = 'trungtam-auth';

/** Whether local storage holds a session token (the store is zustand's persisted `{ state, version }`). */
export function hasStoredSession(storage: Pick<Storage, 'getItem'> = localStorage): boolean {
  try {
    const stored = JSON.parse(storage.getItem(STORED_SESSION_KEY) ?? 'null') as { state?: { accessToken?: unknown } } | null;
    return typeof stored?.state?.accessToken === 'string' && stored.state.accessToken !== '';
  } catch {
    // unreadable storage or text: the bootstrap decides as usual
    return false;
  }
}

export function startSignedInPartEarly(): void {
  if (hasStoredSession()) void import('./SignedInRoutes').catch(() => {});
}
