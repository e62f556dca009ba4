// The kit's deferred components an area's first screen brings in once settled (remotes/deferredUi.ts),
// then the header's dropdowns.
jest.mock('@trungtam/shared/ui/list', () => ({
  ...jest.requireActual('@trungtam/shared/ui/list'),
  preloadDeferredUi: jest.fn(() => Promise.resolve()),
  whenSettled: jest.fn((work: () => unknown) => void work()),
}));
const preloadDropdowns = jest.fn(() => Promise.resolve());
jest.mock('../src/app/kitLoader', () => ({ loadUiKit: jest.fn(() => Promise.resolve({ preloadDropdowns })) }));

import { DEFERRED_UI_NAMES, preloadDeferredUi, whenSettled } from '@trungtam/shared/ui/list';
import { preloadDeferredUiWhenSettled } from '../src/remotes/deferredUi';

it('are every deferred component but the number input, one at a time once settled, then the dropdowns, and asked for once', async () => {
  preloadDeferredUiWhenSettled();
  preloadDeferredUiWhenSettled();
  const asked = (preloadDeferredUi as jest.Mock).mock.calls;
  expect(asked.every((names) => names.length === 1)).toBe(true);
  expect(asked.map(([name]) => name)).toEqual(DEFERRED_UI_NAMES.filter((name) => name !== 'NumberInput'));
  // (each deferred component, then the dropdowns: one settled moment each)
  expect(whenSettled).toHaveBeenCalledTimes(DEFERRED_UI_NAMES.length);
  await Promise.resolve();
  await Promise.resolve();
  expect(preloadDropdowns).toHaveBeenCalledTimes(1);
});
