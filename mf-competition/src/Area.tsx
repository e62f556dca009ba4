/**
 * The remote's exposed `./Area`: the screen of the manifest route the shell opened. The shell provides
 * the theme, the toaster, the query client and the breadcrumb; the Area renders only the page.
 */
import type { AreaProps } from '@trungtam/shared/contracts';
import type { ComponentType } from 'react';
import { TopicsPage } from './features/catalogue/TopicsPage';
import { TypesPage } from './features/catalogue/TypesPage';
import { EventsPage } from './features/events/EventsPage';
import { ExamineesPage } from './features/examinees/ExamineesPage';
import { RoundsPage } from './features/rounds/RoundsPage';
import { ScoringPage } from './features/scoring/ScoringPage';
import { COMPETITION_PATHS, type CompetitionScreen } from './routes';

const SCREENS: Record<CompetitionScreen, ComponentType> = {
  events: EventsPage,
  topics: TopicsPage,
  types: TypesPage,
  rounds: RoundsPage,
  examinees: ExamineesPage,
  scoring: ScoringPage,
};

export default function Area({ path }: AreaProps) {
  const target = path.replace(/\/+$/, '');
  const screen = (Object.keys(COMPETITION_PATHS) as CompetitionScreen[]).find((name) => COMPETITION_PATHS[name] === target);
  const Screen = screen ? SCREENS[screen] : undefined;
  return Screen ? <Screen /> : null;
}
