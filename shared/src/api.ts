/**
 * The suite's one HTTP client. Each app calls `configureApi({ baseURL })` at bootstrap with its
 * build-time API URL; the session store (see `session.ts`) plugs in the bearer token and what to do
 * when the API answers 401, so this module never imports the store (no import cycle).
 */
import axios, { AxiosError, type AxiosInstance, type AxiosResponse } from 'axios';
import type { ApiData, ApiErrorBody } from './contracts';

export const DEFAULT_API_URL = 'http://localhost:3100/api/v1';

export const api: AxiosInstance = axios.create({
  baseURL: DEFAULT_API_URL,
  headers: { Accept: 'application/json' },
});

export interface ApiConfig {
  /** `http(s)://host/api/v1`; empty or missing keeps the default. */
  baseURL?: string | null;
}

export function configureApi({ baseURL }: ApiConfig): void {
  api.defaults.baseURL = (baseURL || DEFAULT_API_URL).replace(/\/+$/, '');
}

export interface AuthBridge {
  getToken: () => string | null | undefined;
  onUnauthorized: () => void;
}

let bridge: AuthBridge = { getToken: () => null, onUnauthorized: () => {} };

/** Called once by the session store: where the token comes from and how a 401 signs out. */
export function setAuthBridge(next: AuthBridge): void {
  bridge = next;
}

/** Paths whose 401 means "wrong credentials", not "session over". */
const LOGIN_PATH = /\/auth\/login\/?$/;

api.interceptors.request.use((config) => {
  const token = bridge.getToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
});

api.interceptors.response.use(
  (response) => response,
  (error: unknown) => {
    if (axios.isAxiosError(error) && error.response?.status === 401) {
      const url = error.config?.url ?? '';
      if (!LOGIN_PATH.test(url)) bridge.onUnauthorized();
    }
    return Promise.reject(error);
  },
);

/** `{ data: T }` → T. */
export async function unwrap<T>(request: Promise<AxiosResponse<ApiData<T>>>): Promise<T> {
  const response = await request;
  return response.data.data;
}

/** The API's error body of a failed call, or null when the failure was not an API answer. */
export function apiErrorOf(error: unknown): ApiErrorBody['error'] | null {
  if (!axios.isAxiosError(error)) return null;
  const body = (error as AxiosError<Partial<ApiErrorBody>>).response?.data;
  if (body && typeof body === 'object' && body.error && typeof body.error.message === 'string') {
    return body.error;
  }
  return null;
}

/** HTTP status of a failed call (0 when the API was not reached). */
export function statusOf(error: unknown): number {
  return axios.isAxiosError(error) ? (error.response?.status ?? 0) : 0;
}

/** Statuses whose message says what went wrong in this case (no permission, gone, conflict, too many tries). */
const SPECIFIC_STATUSES = new Set([403, 404, 409, 429]);

/**
 * What to tell the user about a failed call: the API's own reason where it is specific to the case
 * (for example 'Bạn không thể xoá chính tài khoản của mình'), otherwise `fallback` (the spec's generic text).
 */
export function reasonOf(error: unknown, fallback: string): string {
  const body = apiErrorOf(error);
  return body && SPECIFIC_STATUSES.has(statusOf(error)) ? body.message : fallback;
}

/**
 * What to tell the user about a refused request where every refusal is worth reading as the API wrote it
 * (a 400 naming the wrong value as well as a 409 saying why not): the API's message for any 4xx answer,
 * otherwise `fallback`.
 */
export function refusalOf(error: unknown, fallback: string): string {
  const body = apiErrorOf(error);
  const status = statusOf(error);
  return body && status >= 400 && status < 500 ? body.message : fallback;
}

/**
 * The API's message per field of a refused form (a 400 with `fields`, e.g. a password too common), keeping
 * only the fields the form has; null when there is none to show on a field.
 */
export function fieldErrorsOf(error: unknown, formFields: readonly string[]): Record<string, string> | null {
  if (statusOf(error) !== 400) return null;
  const fields = apiErrorOf(error)?.fields;
  if (!fields) return null;
  const shown = Object.fromEntries(Object.entries(fields).filter(([name]) => formFields.includes(name)));
  return Object.keys(shown).length ? shown : null;
}
