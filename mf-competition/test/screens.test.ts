import { readdirSync } from 'node:fs';
import path from 'node:path';
import { screenProblems } from '@trungtam/shared/routes';
import { SCREENS } from '../src/screens';

it('renders the screen its entry names for each of its routes in deploy/remotes.json, and has no screen file without a route', async () => {
  const featureFiles = readdirSync(path.join(__dirname, '../src/features'), { recursive: true, encoding: 'utf8' });
  expect(await screenProblems('competition', featureFiles, SCREENS)).toEqual([]);
});
