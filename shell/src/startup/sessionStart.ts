/**
 * What a returning user's start-up requests at once, instead of one after the other: the session check
 * (the user behind the stored token) and the user's remote manifest (the areas and the menu), both with
 * the stored token. Started by the bootstrap before the first render; the session gate and the manifest
 * query each take their answer from here once, and call the API themselves from then on.
 */
import { api, readResponse, unwrap, urlOf, type ApiAdapter } from '@trungtam/shared/api';
import type { ApiData, RemoteManifest, User } from '@trungtam/shared/contracts';
import { useSession } from '@trungtam/shared/session';
import { MANIFEST_PATH, takeEarlyAnswer } from './earlyAnswers';

let sessionCheck: Promise<User | null> | undefined;
let manifestRequest: { token: string; answer: Promise<RemoteManifest> } | undefined;
type ManifestListener = (answer: Promise<RemoteManifest>) => void;
let manifestListeners: ManifestListener[] = [];

export function requestManifest(): Promise<RemoteManifest> {
  return unwrap(api.get<ApiData<RemoteManifest>>(MANIFEST_PATH));
}

/**
 * The API client's adapter, `next`, except for a GET the entry already sent for the stored session
 * (earlySignedInPart.ts, kept in earlyAnswers.ts): that one is answered from there, once.
 */
export function withEarlyAnswers(next: ApiAdapter): ApiAdapter {
  return (request) => {
    const early = request.method === 'get' ? takeEarlyAnswer(urlOf(request), request.headers.Authorization) : undefined;
    return early ? early.then((response) => readResponse(response, request.responseType)) : next(request);
  };
}

/** Starts the session check and the manifest request for the stored token, if there is one. */
export function startStoredSession(): void {
  const token = useSession.getState().accessToken;
  if (!token) return;
  sessionCheck = useSession.getState().restore();
  const answer = requestManifest();
  // taken later by the manifest query, which reports its failure; a token found expired fails both
  // requests, and the session check signs out
  answer.catch(() => {});
  manifestRequest = { token, answer };
  for (const listener of manifestListeners) listener(answer);
  manifestListeners = [];
}

/**
 * Calls `listener` with the start-up's manifest request, now if it was made, else when it is (the
 * signed-in part may load before the bootstrap starts it). Never called without a stored session.
 */
export function whenStartupManifest(listener: ManifestListener): void {
  const answer = startupManifest();
  if (answer) listener(answer);
  else if (!manifestRequest) manifestListeners.push(listener);
}

/** The start-up's session check, once (the session gate's first render); afterwards a new one. */
export function takeSessionCheck(): Promise<User | null> {
  const check = sessionCheck ?? useSession.getState().restore();
  sessionCheck = undefined;
  return check;
}

/** The start-up's manifest answer while it is for the current session, without taking it. */
function startupManifest(): Promise<RemoteManifest> | undefined {
  return manifestRequest && manifestRequest.token === useSession.getState().accessToken ? manifestRequest.answer : undefined;
}

/**
 * The start-up's manifest answer, once, if it was asked with the session's current token (a sign-out
 * or another sign-in since then leaves it unused).
 */
export function takeStartupManifest(): Promise<RemoteManifest> | undefined {
  const answer = startupManifest();
  manifestRequest = undefined;
  return answer;
}
