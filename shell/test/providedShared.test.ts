import { sharedEntryPoints, sharedLibraries } from '../../shared/src/sharedEntryPoints';
import fs from 'node:fs';
import path from 'node:path';
import { AREA_DEPENDENCIES } from '../src/remotes/areaDependencies';
import { PROVIDED_SHARED, PROVIDED_SHARED_ENTRY_POINTS } from '../src/remotes/providedShared';

describe('the shared modules the shell provides to the remotes', () => {
  it('are every front-end entry point of the shared package', () => {
    expect(Object.keys(PROVIDED_SHARED_ENTRY_POINTS).sort()).toEqual([...sharedEntryPoints].sort());
  });

  it('are every module the remotes share: the libraries and the entry points', () => {
    expect(Object.keys(PROVIDED_SHARED).sort()).toEqual([...sharedLibraries, ...sharedEntryPoints].sort());
  });

  it("puts what an area's first screen takes from the shell in one download, and nothing else", () => {
    // the chunk name is a comment in each import, read by the bundler: the test reads the source
    const source = fs.readFileSync(path.join(__dirname, '../src/remotes/providedShared.ts'), 'utf8');
    const inAreaKit = [...source.matchAll(/'([^']+)': \(\) => import\(\/\* webpackChunkName: "area-kit" \*\/ '\1'\)/g)].map((match) => match[1]);
    expect(inAreaKit.sort()).toEqual([...AREA_DEPENDENCIES].sort());
  });
});
