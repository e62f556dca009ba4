/**
 * The entry reads the stored session before any shared module is loaded (startup/earlySignedInPart.ts),
 * so it names the session store's local-storage key itself: the two must stay one key, or a returning
 * user's start would ask nothing ahead and the sign-in page would download for a signed-in user.
 */
import { SESSION_STORAGE_KEY, useSession } from '@trungtam/shared/session';
import { STORED_SESSION_KEY, storedSessionToken } from '../src/startup/earlySignedInPart';

afterEach(() => {
  useSession.getState().signOut();
  localStorage.clear();
});

it("names the session store's key", () => {
  expect(STORED_SESSION_KEY).toBe(SESSION_STORAGE_KEY);
});

it('reads the token the session store keeps, and none once it is signed out', () => {
  useSession.setState({ accessToken: 'kept-token' });
  expect(storedSessionToken(localStorage)).toBe('kept-token');
  useSession.getState().signOut();
  expect(storedSessionToken(localStorage)).toBeNull();
});
