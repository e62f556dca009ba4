/**
 * A header dropdown (the notifications, the account menu) on the plain frame: its button is drawn alone,
 * a plain element, until first used (OnFirstUse); pointing at it or focusing it starts the download of
 * the UI kit and of the dropdown's component, and a click opens the dropdown as soon as they are there.
 * Should the download fail, the button stays, and a click tries again.
 */
import type { ReactElement, ReactNode } from 'react';
import type { DeferredUiName } from '@trungtam/shared/ui/base';
import { OnFirstUse, type StandInProps } from '@trungtam/shared/ui/plain';
import { WithUiKit, warmUiKit } from '../../app/uiKit';
import type { KitPart } from '../../app/kitLoader';

export type { StandInProps };

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
  return (
    <OnFirstUse popup={popup} button={button} warm={() => warmUiKit(part)} onFirstOpen={onFirstOpen}>
      {(standIn) => (
        <WithUiKit fallback={standIn()} failed={(retry) => standIn(retry)}>
          {children}
        </WithUiKit>
      )}
    </OnFirstUse>
  );
}
