/**
 * A dropdown (the header's account menu and notifications, a list's filter, a row's ⋯ menu) whose code
 * is downloaded on first use: the menus and popovers are the largest part of the UI kit, and a page shows
 * their buttons but rarely opens them. Until then the button is drawn alone, with the same look; pointing
 * at it or focusing it starts the download, and a click opens the dropdown as soon as its code is there.
 */
import { Suspense, useState, type ReactElement, type ReactNode } from 'react';
import { preloadDeferredUi, type DeferredUiName } from './deferred';

/** What a dropdown's button gets while the dropdown is not there yet. */
export interface StandInProps {
  onPointerEnter?: () => void;
  onFocus?: () => void;
  onClick?: () => void;
  'aria-expanded': false;
  'aria-haspopup': 'menu' | 'dialog';
}

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
  const [used, setUsed] = useState(false);
  const warm = () => void preloadDeferredUi(part);
  const standIn = (interactive: boolean) =>
    button({
      'aria-expanded': false,
      'aria-haspopup': popup,
      ...(interactive
        ? {
            onPointerEnter: warm,
            onFocus: warm,
            onClick: () => {
              onFirstOpen?.();
              setUsed(true);
            },
          }
        : {}),
    });
  // (the dropdown opens with the focus inside it, as when opened from its own button: a keyboard user
  // who pressed Enter on the button drawn alone goes on from there)
  if (!used) return standIn(true);
  return <Suspense fallback={standIn(false)}>{children}</Suspense>;
}
