/**
 * A returning user whose page opens on an area: the entry fetches that area's manifest as soon as the
 * API's manifest names it, and the remote loader takes that answer once, instead of asking again.
 */
import { waitFor } from '@testing-library/react';
import { STORED_SESSION_KEY, startSignedInPartEarly, takeOpeningAreaManifest } from '../src/app/earlySignedInPart';
import { manifest, usersArea } from './utils';

const API = 'http://api.test/api/v1';

/** The entry's `fetch`: the API's answers (the manifest's, `manifest`) and an area's manifest. */
function entryFetch() {
  const answers = new Map<string, Promise<Response>>();
  const send = jest.fn((url: string | URL | Request) => {
    const body = String(url) === `${API}/system/remote/manifest` ? { data: manifest } : { data: null };
    const response = { ok: true, status: 200, clone: () => response, json: async () => body } as unknown as Response;
    const answer = Promise.resolve(response);
    answers.set(String(url), answer);
    return answer;
  });
  return { send: send as unknown as typeof fetch, sent: () => send.mock.calls.map(([url]) => String(url)), answers };
}

beforeEach(() => {
  localStorage.setItem(STORED_SESSION_KEY, JSON.stringify({ state: { accessToken: 'stored-token' }, version: 0 }));
});

it("opening an area's page, the entry fetches the area's manifest once the API's manifest answers; the loader takes it once", async () => {
  window.history.replaceState(null, '', '/assets/teachers?page=2');
  const { send, sent, answers } = entryFetch();
  startSignedInPartEarly(API, send);
  await waitFor(() => expect(sent()).toContain(usersArea.entry));
  expect(takeOpeningAreaManifest('http://elsewhere/mf-manifest.json')).toBeUndefined();
  expect(takeOpeningAreaManifest(usersArea.entry)).toBe(answers.get(usersArea.entry));
  expect(takeOpeningAreaManifest(usersArea.entry)).toBeUndefined();
});

it("opening the dashboard, the entry fetches no area's manifest", async () => {
  window.history.replaceState(null, '', '/dashboard');
  const { send, sent } = entryFetch();
  startSignedInPartEarly(API, send);
  await waitFor(() => expect(sent()).toHaveLength(2));
  // (time for the answer to be read)
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(sent()).toEqual([`${API}/user/get-by-token`, `${API}/system/remote/manifest`]);
  expect(takeOpeningAreaManifest(usersArea.entry)).toBeUndefined();
});
