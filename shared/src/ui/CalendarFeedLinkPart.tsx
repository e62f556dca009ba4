/**
 * The calendar feed's link (CalendarFeedLink.tsx) as the kit exports it: its code, with the QR code's,
 * downloads when first drawn, not with the kit.
 */
import type { ReactNode } from 'react';
import type { CalendarFeedTarget } from '../contracts';
import { lazyPart } from './lazyParts';

export interface CalendarFeedLinkProps {
  /** Whose feed: nothing for one's own. */
  target?: CalendarFeedTarget;
  texts: { url: string; qr: string; private: string; rotateQuestion: string; qrHint?: string };
  /** side: the code beside the URL (under it on a phone); stacked: the code above it. */
  layout?: 'side' | 'stacked';
  /** Shown under the buttons (how each app adds a feed). */
  children?: ReactNode;
}

export const CalendarFeedLink = lazyPart<CalendarFeedLinkProps>('CalendarFeedLink', () => import('./CalendarFeedLink').then((m) => m.CalendarFeedLink));
