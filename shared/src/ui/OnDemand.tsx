/**
 * A dropdown (the header's account menu and notifications, a list's filter, a row's ⋯ menu) whose code
 * is downloaded on first use: the menus and popovers are the largest part of the UI kit, and a page shows
 * their buttons but rarely opens them. Until then the button is drawn alone, with the same look; pointing
 * at it or focusing it starts the download, and a click opens the dropdown as soon as its code is there.
 */
import { Suspense, type ReactElement, type ReactNode } from 'react';
import { preloadDeferredUi, type DeferredUiName } from './deferred';
import { OnFirstUse, type StandInProps } from './OnFirstUse';

export type { StandInProps };

export function OnDemand({
  part,
  popup,
  button,
  onFirstOpen,
  children,
}: {
  /** The kit's deferred part the dropdown is built with. */
  part: DeferredUiName;
  /** What the dropdown is to assistive technologies, as the real trigger will say. */
  popup: 'menu' | 'dialog';
  /** The dropdown's button, alone. */
  button: (props: StandInProps) => ReactElement;
  /** The first click, before the dropdown is there (the dropdown then opens). */
  onFirstOpen?: () => void;
  /** The dropdown itself, rendered from the first click on, open. */
  children: ReactNode;
}) {
  return (
    <OnFirstUse popup={popup} button={button} warm={() => void preloadDeferredUi(part)} onFirstOpen={onFirstOpen}>
      {(standIn) => <Suspense fallback={standIn()}>{children}</Suspense>}
    </OnFirstUse>
  );
}
