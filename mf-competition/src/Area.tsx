/**
 * The remote's exposed `./Area`: the screen of the manifest route the shell opened. The shell provides
 * the theme, the toaster, the query client and the breadcrumb; the Area renders only the page.
 */
import type { AreaProps } from '@trungtam/shared/contracts';
import type { ComponentType } from 'react';
import { COMPETITION_PATHS, type CompetitionScreen } from './routes';

const SCREENS: Partial<Record<CompetitionScreen, ComponentType>> = {};

export default function Area({ path }: AreaProps) {
  const target = path.replace(/\/+$/, '');
  const screen = (Object.keys(COMPETITION_PATHS) as CompetitionScreen[]).find((name) => COMPETITION_PATHS[name] === target);
  const Screen = screen ? SCREENS[screen] : undefined;
  return Screen ? <Screen /> : null;
}
