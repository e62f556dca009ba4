/**
 * A header dropdown (the notifications, the account menu) on the plain frame: its button is drawn alone,
 * a plain element, until first used; pointing at it or focusing it starts the download of the UI kit and
 * of the dropdown's component, and a click opens the dropdown as soon as they are there (the focus then
 * inside it, as when opened from its own button). Should the download fail, the button stays, and a
 * click tries again.
 */
import { useState, type ReactElement, type ReactNode } from 'react';
import type { DeferredUiName } from '@trungtam/shared/ui/base';
import { WithUiKit, warmUiKit } from '../../app/uiKit';

type KitPart = typeof import('../../app/kitPart');

/** What a dropdown's button gets while the dropdown is not there yet. */
export interface StandInProps {
  onPointerEnter?: () => void;
  onFocus?: () => void;
  onClick?: () => void;
  'aria-expanded': false;
  'aria-haspopup': 'menu' | 'dialog';
}

export function KitDropdown({
  part,
  popup,
  button,
  onFirstOpen,
  children,
}: {
  /** The kit's deferred component the dropdown is built with. */
  part: DeferredUiName;
  /** What the dropdown is to assistive technologies, as the real trigger will say. */
  popup: 'menu' | 'dialog';
  /** The dropdown's button, alone. */
  button: (props: StandInProps) => ReactElement;
  /** The first click, before the dropdown is there (the dropdown then opens). */
  onFirstOpen?: () => void;
  /** The dropdown itself, with the kit, rendered from the first click on, open. */
  children: (kit: KitPart) => ReactNode;
}) {
  const [used, setUsed] = useState(false);
  const warm = () => warmUiKit(part);
  const standIn = (interactive: boolean, onClick?: () => void) =>
    button({
      'aria-expanded': false,
      'aria-haspopup': popup,
      ...(interactive ? { onPointerEnter: warm, onFocus: warm, onClick } : {}),
    });
  if (!used) {
    return standIn(true, () => {
      onFirstOpen?.();
      setUsed(true);
    });
  }
  return (
    <WithUiKit fallback={standIn(false)} failed={(retry) => standIn(true, retry)}>
      {children}
    </WithUiKit>
  );
}
