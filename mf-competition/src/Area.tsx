/**
 * The remote's exposed `./Area`: the screen of the manifest route the shell opened. The shell provides
 * the theme, the toaster, the query client and the breadcrumb; the Area renders only the page.
 */
import { defineArea } from '@trungtam/shared/ui';
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

export default defineArea(COMPETITION_PATHS, SCREENS);
