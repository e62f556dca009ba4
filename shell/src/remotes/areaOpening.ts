/**
 * A RemoteArea's openings of its routes and its first render of each, signalled to the areas' health
 * (areaHealth.ts). With the remote loader in the UI kit's part: the dashboard downloads none of it.
 */
import { useEffect, useLayoutEffect, useState } from 'react';
import type { ManifestArea } from '@trungtam/shared/contracts';
import { useSession } from '@trungtam/shared/session';
import { openedWithSession } from '../startup/earlyAnswers';
import { signalArea, type AreaOpening } from './areaHealth';

let openings = 0;
/** Whether a route has been opened on this page (the page's own opening is timed from its start). */
let landingTaken = false;

function openingOf(area: ManifestArea, route: string): AreaOpening {
  const fromStart = !landingTaken && openedWithSession(window.location.pathname, useSession.getState().accessToken);
  openings += 1;
  return { id: openings, area, route, since: fromStart ? 0 : performance.now() };
}

const sameBuildAndRoute = (opening: AreaOpening, area: ManifestArea, route: string) =>
  opening.route === route && opening.area.name === area.name && opening.area.entry === area.entry;

/**
 * The opening of `area`'s `route` a RemoteArea shows: a new one when the route or the area's build
 * changes (a manifest answered again with the same build is the same opening), signalled once
 * committed, and left when the route is.
 */
export function useAreaOpening(area: ManifestArea, route: string): AreaOpening {
  const [opening, setOpening] = useState(() => openingOf(area, route));
  if (!sameBuildAndRoute(opening, area, route)) setOpening(openingOf(area, route));
  useEffect(() => {
    landingTaken = true;
    signalArea({ type: 'opened', opening });
    return () => signalArea({ type: 'left', opening });
  }, [opening]);
  return opening;
}

/** Rendered beside the area's Area: signals its first render of the opening (its commit). */
export function AreaRendered({ opening }: { opening: AreaOpening }) {
  useLayoutEffect(() => signalArea({ type: 'rendered', opening, at: performance.now() }), [opening]);
  return null;
}
