/**
 * A header dropdown (the notifications, the account menu) on the plain frame: its button is drawn alone,
 * a plain element, until first used (OnFirstUse); pointing at it or focusing it starts the download of
 * the UI kit and of the dropdown's component, and a click opens the dropdown as soon as they are there.
 * Should the download fail, the button stays, and a click tries again.
 */
import type { ReactNode } from 'react';
import { OnFirstUse, type FirstUseDropdownProps, type StandInProps } from '@trungtam/shared/ui/plain';
import { WithUiKit, warmUiKit } from '../../startup/uiKit';
import type { KitPart } from '../../startup/kitLoader';

export type { StandInProps };

/** `children` renders the dropdown with the kit's module. */
export function KitDropdown({ part, popup, button, onFirstOpen, children }: FirstUseDropdownProps<(kit: KitPart) => ReactNode>) {
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
