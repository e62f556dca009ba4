/**
 * The entry's own task sends the start-up's calls and leaves the downloads to the tasks that follow:
 * each file a download asks for costs the main thread a script element, a timer and a request, and the
 * signed-in part's and the kit's dozen files, asked for in the entry's task, made it one long task on a
 * phone.
 */
import { recordedImports } from '../../jest.recordImports';

jest.mock('../src/app/SignedInRoutes', () => {
  recordedImports.push('signed-in part');
  return {};
});
jest.mock('../src/startup/kitPart', () => {
  recordedImports.push('UI kit');
  return {};
});
jest.mock('../src/features/auth/pages', () => {
  recordedImports.push('signed-out pages');
  return {};
});

// (the test setup would load the signed-out pages and the kit first: shell/test/setup.ts)
Object.assign(globalThis, { coldAuthPages: true });

import { waitFor } from '@testing-library/react';
import { STORED_SESSION_KEY, startSignedInPartEarly } from '../src/startup/earlySignedInPart';

/** Lets every promise settled so far run its callbacks (what the entry's task leaves behind), but no timer. */
async function settlePromises() {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
}

beforeEach(() => {
  recordedImports.length = 0;
});

it("opening an area's page, the entry's task sends the calls; the signed-in part and then the kit download from the next tasks", async () => {
  localStorage.setItem(STORED_SESSION_KEY, JSON.stringify({ state: { accessToken: 'stored-token', user: { id: 1 } }, version: 0 }));
  window.history.replaceState(null, '', '/assets/teachers');
  const send = jest.fn((_url: string) => new Promise<Response>(() => {}));
  startSignedInPartEarly('http://api.test/api/v1', send as unknown as typeof fetch);
  expect(send.mock.calls.map(([url]) => url)).toEqual(expect.arrayContaining(['http://api.test/api/v1/user/get-by-token', 'http://api.test/api/v1/system/remote/manifest']));
  await settlePromises();
  expect(recordedImports).toEqual([]);
  await waitFor(() => expect(recordedImports).toEqual(['signed-in part', 'UI kit']));
});

it("without a stored session, the signed-out pages download from the next task", async () => {
  localStorage.removeItem(STORED_SESSION_KEY);
  window.history.replaceState(null, '', '/auth/login');
  const send = jest.fn((_url: string) => new Promise<Response>(() => {}));
  startSignedInPartEarly('http://api.test/api/v1', send as unknown as typeof fetch);
  expect(send).not.toHaveBeenCalled();
  await settlePromises();
  expect(recordedImports).toEqual([]);
  await waitFor(() => expect(recordedImports).toEqual(['signed-out pages']));
});
