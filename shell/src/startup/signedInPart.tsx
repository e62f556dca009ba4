/**
 * Loads the signed-in part of the shell (SignedInRoutes) on its own: the sign-in page never downloads
 * it. Its download starts as soon as there is a session, at start-up with a stored one (beside the
 * session check) or at sign-in, so that it is usually there before it is rendered; once loaded it
 * renders at once, without going through a Suspense fallback again.
 */
import { lazy, Suspense, useState } from 'react';
import { useSession } from '@trungtam/shared/session';
import { Splash } from './Splash';
import { partLoader } from './partLoader';

const signedInPart = partLoader(() => import(/* webpackChunkName: "signed-in" */ '../app/SignedInRoutes'));

/**
 * Starts (once) the download of the signed-in part; resolves with its module. (The layout needs none of
 * the kit's deferred components: the header's dropdowns, the account menu and the notifications,
 * download on first use: the UI kit's OnDemand.)
 */
export function loadSignedInPart() {
  // a failed download (the network) is tried again by the next call: at sign-in, or the next render
  return signedInPart.load().catch((error: unknown) => {
    signedInPart.reset();
    throw error;
  });
}

/**
 * Loads the signed-in part whenever there is a session: now with a stored one (the entry started its
 * download already: earlySignedInPart.ts), and at sign-in while the sign-in page navigates away (it
 * also clears the cached data when the session ends: SignedInRoutes.tsx). Called once, at start-up.
 */
export function loadSignedInPartWithSession(): void {
  useSession.subscribe((state, previous) => {
    if (state.accessToken && !previous.accessToken) void loadSignedInPart().catch(() => {});
  });
  // a returning user's opening page asks for its lists once the part is there (prefetchOpeningPage)
  if (useSession.getState().accessToken) void loadSignedInPart().then(({ prefetchOpeningPage }) => prefetchOpeningPage()).catch(() => {});
}

const LazySignedInRoutes = lazy(loadSignedInPart);

export function SignedInPart() {
  // decided once per mount: switching from the lazy component to the loaded one on a later render would
  // remount the whole signed-in tree (and lose its state: an open menu, a form being filled)
  const [SignedInRoutes] = useState(() => signedInPart.loaded()?.default);
  if (SignedInRoutes) {
    return (
      <Suspense fallback={<Splash />}>
        <SignedInRoutes />
      </Suspense>
    );
  }
  // the same splash as the session check's: the start-up shows one splash, not two
  return (
    <Suspense fallback={<Splash />}>
      <LazySignedInRoutes />
    </Suspense>
  );
}
