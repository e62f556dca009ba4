/**
 * A dropdown's button drawn alone until first used, with no design system (the kit's `OnDemand` and the
 * shell's plain header build on it): pointing at it or focusing it calls `warm` (a download ahead), and
 * its first click renders the dropdown, open (`children`), which draws the button alone meanwhile.
 */
import { useState, type ReactElement, type ReactNode } from 'react';
import type { DeferredUiName } from './deferred';

/** What a dropdown's button gets while the dropdown is not there yet. */
export interface StandInProps {
  onPointerEnter?: () => void;
  onFocus?: () => void;
  onClick?: () => void;
  'aria-expanded': false;
  'aria-haspopup': 'menu' | 'dialog';
}

/** A dropdown whose code comes on first use (the kit's OnDemand, the shell's KitDropdown): `children` is the dropdown. */
export interface FirstUseDropdownProps<Children> {
  /** The kit's deferred component the dropdown is built with. */
  part: DeferredUiName;
  /** What the dropdown is to assistive technologies, as the real trigger will say. */
  popup: 'menu' | 'dialog';
  /** The dropdown's button, alone. */
  button: (props: StandInProps) => ReactElement;
  /** The first click, before the dropdown is there (the dropdown then opens). */
  onFirstOpen?: () => void;
  /** The dropdown itself, rendered from the first click on, open. */
  children: Children;
}

/** The button alone, inert, or with `retry`: a click tries again (a download that failed). */
export type StandIn = (retry?: () => void) => ReactElement;

export function OnFirstUse({
  popup,
  button,
  warm,
  onFirstOpen,
  children,
}: {
  /** What the dropdown is to assistive technologies, as the real trigger will say. */
  popup: 'menu' | 'dialog';
  /** The dropdown's button, alone. */
  button: (props: StandInProps) => ReactElement;
  /** Starts what the dropdown needs (its code), on pointing or focus. */
  warm: () => void;
  /** The first click, before the dropdown is there (the dropdown then opens). */
  onFirstOpen?: () => void;
  /** The dropdown, rendered from the first click on, open; `standIn` draws its button alone meanwhile. */
  children: (standIn: StandIn) => ReactNode;
}) {
  const [used, setUsed] = useState(false);
  const interactive = (onClick: () => void) => button({ 'aria-expanded': false, 'aria-haspopup': popup, onPointerEnter: warm, onFocus: warm, onClick });
  // (the dropdown opens with the focus inside it, as when opened from its own button: a keyboard user
  // who pressed Enter on the button drawn alone goes on from there)
  if (!used) {
    return interactive(() => {
      onFirstOpen?.();
      setUsed(true);
    });
  }
  return children((retry) => (retry ? interactive(retry) : button({ 'aria-expanded': false, 'aria-haspopup': popup })));
}
