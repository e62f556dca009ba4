import { sharedEntryPoints } from '../../shared/src/sharedEntryPoints';
import { PROVIDED_SHARED_ENTRY_POINTS } from '../src/remotes/providedShared';

describe('the shared entry points the shell provides to the remotes', () => {
  it('are every front-end entry point of the shared package', () => {
    expect(Object.keys(PROVIDED_SHARED_ENTRY_POINTS).sort()).toEqual([...sharedEntryPoints].sort());
  });
});
