// The kit's deferred components an area's first screen brings in once settled (remotes/deferredUi.ts).
jest.mock('@trungtam/shared/ui/list', () => ({
  ...jest.requireActual('@trungtam/shared/ui/list'),
  preloadDeferredUi: jest.fn(() => Promise.resolve()),
  whenSettled: jest.fn((work: () => unknown) => void work()),
}));

import { DEFERRED_UI_NAMES, preloadDeferredUi, whenSettled } from '@trungtam/shared/ui/list';
import { preloadDeferredUiWhenSettled } from '../src/remotes/deferredUi';

it('are every deferred component but the number input, one at a time once settled, and asked for once', () => {
  preloadDeferredUiWhenSettled();
  preloadDeferredUiWhenSettled();
  const asked = (preloadDeferredUi as jest.Mock).mock.calls;
  expect(asked.every((names) => names.length === 1)).toBe(true);
  expect(asked.map(([name]) => name)).toEqual(DEFERRED_UI_NAMES.filter((name) => name !== 'NumberInput'));
  // (then the kit's five entry points the forms are built on, each a piece of its own; all before a screen's pieces)
  expect(whenSettled).toHaveBeenCalledTimes(DEFERRED_UI_NAMES.length - 1 + 5);
  expect((whenSettled as jest.Mock).mock.calls.every(([, order]) => order === 'kit')).toBe(true);
});
