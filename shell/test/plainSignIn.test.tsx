/**
 * The sign-in page, the first page of most visits, and the dashboard, a returning user's, download no
 * design system: without a stored session, the start-up (the bootstrap, the routes) and the signed-out
 * pages import neither Chakra nor its styling engine (emotion), nor yup; nor does the signed-in part (the
 * frame and the dashboard). The UI kit's download (every other page's) brings them.
 */
import { mockRecordImport, recordedImports } from '../../jest.recordImports';

jest.mock('@chakra-ui/react', () => mockRecordImport('@chakra-ui/react'));
jest.mock('@emotion/react', () => mockRecordImport('@emotion/react'));
jest.mock('yup', () => mockRecordImport('yup'));
jest.mock('@module-federation/enhanced/runtime', () => ({ init: jest.fn(), registerRemotes: jest.fn(), loadRemote: jest.fn() }));
// (the test setups would load the signed-out pages and the kit's deferred components first: shell/test/setup.ts, jest.setup.ts)
Object.assign(globalThis, { coldAuthPages: true, coldDeferredUi: true, coldLazyParts: true });

it('the signed-out start-up and pages, and the signed-in frame and dashboard, import neither Chakra, nor emotion, nor yup; the UI kit does', async () => {
  localStorage.clear();
  await import('../src/bootstrap');
  await import('../src/app/App');
  await import('../src/startup/authPages').then(({ authPages: pages }) => pages.load());
  expect(recordedImports).toEqual([]);
  const { loadSignedInPart } = await import('../src/startup/signedInPart');
  await loadSignedInPart();
  await import('../src/features/dashboard/DashboardPage');
  await import('../src/features/layout/MasterLayout');
  expect(recordedImports).toEqual([]);
  const { loadUiKit } = await import('../src/startup/kitLoader');
  await loadUiKit();
  expect(recordedImports).toEqual(expect.arrayContaining(['@chakra-ui/react', '@emotion/react']));
});
