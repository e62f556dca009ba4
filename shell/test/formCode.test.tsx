/**
 * A returning user's dashboard downloads no form code, no Module Federation runtime, not the UI kit's
 * core (its base only) and not the areas' health reporter with its web vitals library: the start-up and
 * the signed-in part (its layout and the dashboard) import none of them; the signed-out pages (Formik
 * only) and the account page, which have forms, download apart (authPages.ts, SignedInRoutes.tsx), the
 * runtime with the first area (remotes/federation.ts), and the reporter once an area's page has
 * rendered (remotes/areaHealth.ts).
 */
import { mockRecordImport, recordedImports } from '../../jest.recordImports';

jest.mock('formik', () => mockRecordImport('formik'));
jest.mock('yup', () => mockRecordImport('yup'));
jest.mock('@trungtam/shared/ui/core', () => mockRecordImport('@trungtam/shared/ui/core', "the UI kit's core"));
jest.mock('web-vitals', () => mockRecordImport('web-vitals'));
jest.mock('../src/remotes/areaHealthReporter', () => {
  recordedImports.push("the areas' health reporter");
  return {};
});
jest.mock('@module-federation/enhanced/runtime', () => {
  recordedImports.push('federation runtime');
  return { init: jest.fn(), registerRemotes: jest.fn(), loadRemote: jest.fn() };
});
// (the test setup would load the signed-out pages first: shell/test/setup.ts; and the screens' lazy
// parts: jest.setup.ts)
Object.assign(globalThis, { coldAuthPages: true, coldLazyParts: true });

import { waitFor } from '@testing-library/react';
import { authPages } from '../src/startup/authPages';
import { loadSignedInPart } from '../src/startup/signedInPart';
import { STORED_SESSION_KEY, startSignedInPartEarly } from '../src/startup/earlySignedInPart';

/** The entry's `fetch`, answering nothing. */
const unansweredFetch = () => jest.fn(() => new Promise<Response>(() => {}));

it("a returning user's start-up, layout and dashboard import neither Formik nor yup, nor the signed-out pages, nor the federation runtime, nor the UI kit's core (only its base), nor the areas' health reporter", async () => {
  localStorage.setItem(STORED_SESSION_KEY, JSON.stringify({ state: { accessToken: 'stored-token' }, version: 0 }));
  startSignedInPartEarly('http://api.test/api/v1', unansweredFetch());
  await import('../src/bootstrap');
  await import('../src/startup/kitLoader').then(({ loadUiKit }) => loadUiKit());
  await import('../src/app/App');
  await loadSignedInPart();
  expect(recordedImports).toEqual([]);
  expect(authPages.loaded()).toBeUndefined();
});

it('without a stored session, the entry starts downloading the signed-out pages, which bring Formik (their rules are not yup schemas)', async () => {
  localStorage.clear();
  const send = unansweredFetch();
  startSignedInPartEarly('http://api.test/api/v1', send);
  await waitFor(() => expect(authPages.loaded()).toBeDefined());
  expect(recordedImports.sort()).toEqual(['formik']);
  expect(send).not.toHaveBeenCalled();
});
