import { screenProblems } from '@trungtam/shared/routes';
import { SCREENS } from '../src/screens';

it('renders a screen for each of its routes in deploy/remotes.json, and has no screen without a route', () => {
  expect(screenProblems('settings', SCREENS)).toEqual([]);
});
