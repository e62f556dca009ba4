/**
 * A dropdown of the UI kit's screens (a list's filter, a row's ⋯ menu) whose code
 * is downloaded on first use: the menus and popovers are the largest part of the UI kit, and a page shows
 * their buttons but rarely opens them. Until then the button is drawn alone, with the same look; pointing
 * at it or focusing it starts the download, and a click opens the dropdown as soon as its code is there.
 */
import { Suspense, type ReactNode } from 'react';
import { preloadDeferredUi } from './deferred';
import { OnFirstUse, type FirstUseDropdownProps, type StandInProps } from './OnFirstUse';

export type { StandInProps };

export function OnDemand({ part, popup, button, onFirstOpen, children }: FirstUseDropdownProps<ReactNode>) {
  return (
    <OnFirstUse popup={popup} button={button} warm={() => void preloadDeferredUi(part)} onFirstOpen={onFirstOpen}>
      {(standIn) => <Suspense fallback={standIn()}>{children}</Suspense>}
    </OnFirstUse>
  );
}
