import { sharedEntryPoints, sharedLibraries } from '../../shared/src/sharedEntryPoints';
import { PROVIDED_SHARED, PROVIDED_SHARED_ENTRY_POINTS } from '../src/remotes/providedShared';

describe('the shared modules the shell provides to the remotes', () => {
  it('are every front-end entry point of the shared package', () => {
    expect(Object.keys(PROVIDED_SHARED_ENTRY_POINTS).sort()).toEqual([...sharedEntryPoints].sort());
  });

  it('are every module the remotes share: the libraries and the entry points', () => {
    expect(Object.keys(PROVIDED_SHARED).sort()).toEqual([...sharedLibraries, ...sharedEntryPoints].sort());
  });
});
