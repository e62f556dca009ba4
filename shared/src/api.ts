/**
 * The suite's one HTTP client: a small layer over the browser's `fetch` with the shape of the axios
 * instance it replaced (`api.get(url, { params })`, `api.post(url, body)`, `response.data`, an error
 * carrying `response.status` and `response.data`), so that screens, and remotes built against the
 * earlier client, call it unchanged. Each app calls `configureApi({ baseURL })` at bootstrap with its
 * build-time API URL; the session store (see `session.ts`) plugs in the bearer token and what to do
 * when the API answers 401, so this module never imports the store (no import cycle).
 */
import type { ApiData, ApiErrorBody } from './contracts';

export const DEFAULT_API_URL = 'http://localhost:3100/api/v1';

/** Query parameters: an object (undefined and null values left out), or URLSearchParams sent as they are. */
export type ApiParams = object | URLSearchParams;

export interface ApiRequestConfig {
  params?: ApiParams;
  /**
   * How an array in `params` is written: by default `key[]=a&key[]=b`; `{ indexes: null }` repeats the
   * key (`key=a&key=b`, as the API reads a list); `{ indexes: true }` numbers it (`key[0]=a`).
   */
  paramsSerializer?: { indexes?: boolean | null };
  headers?: Record<string, string>;
  /** How the answer's body is read: by default JSON when it parses, otherwise text. */
  responseType?: 'json' | 'text' | 'blob' | 'arraybuffer';
  signal?: AbortSignal;
}

export type ApiMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A request as the adapter receives it: the body already encoded (JSON text for an object). */
export interface ApiRequest extends ApiRequestConfig {
  method: ApiMethod;
  /** As the caller gave it, relative to `baseURL` unless absolute. */
  url: string;
  baseURL: string;
  headers: Record<string, string>;
  data?: unknown;
}

export interface ApiResponse<T = unknown> {
  data: T;
  status: number;
  /** The answer's headers, names in lower case (`headers['content-disposition']`). */
  headers: Record<string, string>;
}

/** Sends a request and reads the answer, whatever its status; rejects only when no answer came. */
export type ApiAdapter = (request: ApiRequest) => Promise<ApiResponse>;

/**
 * A failed call: `response` is the API's answer (a status outside 2xx), absent when the API was not
 * reached (`code` 'ERR_NETWORK') or the call was aborted ('ERR_CANCELED').
 */
export class ApiError<T = unknown> extends Error {
  /** What the helpers below recognise (an error built elsewhere, a test's fake, may set it too). */
  readonly isApiError = true;
  readonly code: string;
  readonly request?: ApiRequest;
  readonly response?: ApiResponse<T>;

  constructor(message: string, init: { code: string; request?: ApiRequest; response?: ApiResponse<T>; cause?: unknown }) {
    super(message, { cause: init.cause });
    this.name = 'ApiError';
    this.code = init.code;
    this.request = init.request;
    this.response = init.response;
  }

  get status(): number | undefined {
    return this.response?.status;
  }
}

/** Whether `error` is a failed call of this client. */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError || (typeof error === 'object' && error !== null && (error as { isApiError?: unknown }).isApiError === true);
}

/** Absolute (`https://…`, `//host/…`): the base URL is not prefixed. */
const ABSOLUTE_URL = /^([a-z][a-z\d+\-.]*:)?\/\//i;

const paramText = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));

/** The query string of `params`, written as axios wrote it (see `paramsSerializer`). */
export function queryString(params: ApiParams | undefined, indexes?: boolean | null): string {
  if (!params) return '';
  if (params instanceof URLSearchParams) return params.toString();
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    if (!Array.isArray(value)) {
      query.append(key, paramText(value));
      continue;
    }
    value.forEach((item, index) => {
      if (item === undefined || item === null) return;
      query.append(indexes === null ? key : indexes ? `${key}[${index}]` : `${key}[]`, paramText(item));
    });
  }
  return query.toString();
}

/** The full URL of a request: base URL, path, then the query (after any the path already has). */
export function urlOf({ baseURL, url, params, paramsSerializer }: Pick<ApiRequest, 'baseURL' | 'url' | 'params' | 'paramsSerializer'>): string {
  let full = baseURL && !ABSOLUTE_URL.test(url) ? (url ? `${baseURL.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}` : baseURL) : url;
  const query = queryString(params, paramsSerializer?.indexes);
  if (!query) return full;
  const hash = full.indexOf('#');
  if (hash !== -1) full = full.slice(0, hash);
  return `${full}${full.includes('?') ? '&' : '?'}${query}`;
}

async function bodyOf(response: Response, responseType: ApiRequestConfig['responseType']): Promise<unknown> {
  if (responseType === 'blob') return response.blob();
  if (responseType === 'arraybuffer') return response.arrayBuffer();
  const text = await response.text();
  if (responseType === 'text' || !text) return text;
  try {
    return JSON.parse(text);
  } catch {
    // not JSON (a proxy's HTML error page): kept as text, as axios did
    return text;
  }
}

/** An answer of `fetch`, read as a request asks (also for an answer fetched ahead of its call). */
export async function readResponse(response: Response, responseType?: ApiRequestConfig['responseType']): Promise<ApiResponse> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  return { status: response.status, headers, data: await bodyOf(response, responseType) };
}

/** The default adapter: `fetch`, read as the request asks. */
export const fetchAdapter: ApiAdapter = async (request) =>
  readResponse(
    await fetch(urlOf(request), {
      method: request.method.toUpperCase(),
      headers: request.headers,
      body: request.data as BodyInit | undefined,
      signal: request.signal,
    }),
    request.responseType,
  );

/** Bodies fetch sends as they are (it sets their Content-Type itself where they have one). */
function isRawBody(data: object): boolean {
  return (
    (typeof Blob !== 'undefined' && data instanceof Blob) ||
    data instanceof ArrayBuffer ||
    ArrayBuffer.isView(data) ||
    data instanceof URLSearchParams ||
    (typeof ReadableStream !== 'undefined' && data instanceof ReadableStream)
  );
}

const hasHeader = (headers: Record<string, string>, name: string) => Object.keys(headers).some((key) => key.toLowerCase() === name);

/** The body to send: an object as JSON (with its Content-Type), FormData and other bodies untouched. */
function encodeBody(data: unknown, headers: Record<string, string>): unknown {
  if (typeof FormData !== 'undefined' && data instanceof FormData) {
    // the browser writes the multipart Content-Type with its boundary
    for (const key of Object.keys(headers)) if (key.toLowerCase() === 'content-type') delete headers[key];
    return data;
  }
  if (data === null || typeof data !== 'object' || isRawBody(data)) return data;
  if (!hasHeader(headers, 'content-type')) headers['Content-Type'] = 'application/json';
  return JSON.stringify(data);
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

export interface ApiDefaults {
  baseURL: string;
  /** Sent with every request (a request's own headers win, the session's bearer token over both). */
  headers: Record<string, string>;
  /** What sends the requests: `fetch`, or a test's in-memory API. */
  adapter: ApiAdapter;
}

// `T = any` as in axios: a call without a type argument reads `response.data` freely.
export interface ApiClient {
  defaults: ApiDefaults;
  request<T = any>(config: ApiRequestConfig & { method: ApiMethod; url: string; data?: unknown }): Promise<ApiResponse<T>>;
  get<T = any>(url: string, config?: ApiRequestConfig): Promise<ApiResponse<T>>;
  delete<T = any>(url: string, config?: ApiRequestConfig): Promise<ApiResponse<T>>;
  post<T = any>(url: string, data?: unknown, config?: ApiRequestConfig): Promise<ApiResponse<T>>;
  put<T = any>(url: string, data?: unknown, config?: ApiRequestConfig): Promise<ApiResponse<T>>;
  patch<T = any>(url: string, data?: unknown, config?: ApiRequestConfig): Promise<ApiResponse<T>>;
}

async function send<T>({ method, url, data, ...config }: ApiRequestConfig & { method: ApiMethod; url: string; data?: unknown }): Promise<ApiResponse<T>> {
  const headers = { ...api.defaults.headers, ...config.headers };
  const token = bridge.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const request: ApiRequest = { ...config, method, url, baseURL: api.defaults.baseURL, headers, data: encodeBody(data, headers) };

  let response: ApiResponse;
  try {
    response = await api.defaults.adapter(request);
  } catch (cause) {
    if (isApiError(cause)) throw cause;
    const aborted = request.signal?.aborted;
    throw new ApiError(aborted ? 'canceled' : 'Network Error', { code: aborted ? 'ERR_CANCELED' : 'ERR_NETWORK', request, cause });
  }
  if (response.status >= 200 && response.status < 300) return response as ApiResponse<T>;

  if (response.status === 401 && !LOGIN_PATH.test(url)) bridge.onUnauthorized();
  throw new ApiError(`Request failed with status code ${response.status}`, {
    code: response.status >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST',
    request,
    response,
  });
}

export const api: ApiClient = {
  defaults: { baseURL: DEFAULT_API_URL, headers: { Accept: 'application/json' }, adapter: fetchAdapter },
  request: send,
  get: (url, config) => send({ ...config, method: 'get', url }),
  delete: (url, config) => send({ ...config, method: 'delete', url }),
  post: (url, data, config) => send({ ...config, method: 'post', url, data }),
  put: (url, data, config) => send({ ...config, method: 'put', url, data }),
  patch: (url, data, config) => send({ ...config, method: 'patch', url, data }),
};

export interface ApiConfig {
  /** `http(s)://host/api/v1`; empty or missing keeps the default. */
  baseURL?: string | null;
}

export function configureApi({ baseURL }: ApiConfig): void {
  api.defaults.baseURL = (baseURL || DEFAULT_API_URL).replace(/\/+$/, '');
}

/** `{ data: T }` → T. */
export async function unwrap<T>(request: Promise<ApiResponse<ApiData<T>>>): Promise<T> {
  const response = await request;
  return response.data.data;
}

/** The API's error body of a failed call, or null when the failure was not an API answer. */
export function apiErrorOf(error: unknown): ApiErrorBody['error'] | null {
  if (!isApiError(error)) return null;
  const body = error.response?.data as Partial<ApiErrorBody> | undefined;
  if (body && typeof body === 'object' && body.error && typeof body.error.message === 'string') {
    return body.error;
  }
  return null;
}

/** HTTP status of a failed call (0 when the API was not reached). */
export function statusOf(error: unknown): number {
  return isApiError(error) ? (error.response?.status ?? 0) : 0;
}

/** Statuses whose message says what went wrong in this case (no permission, gone, conflict, too many tries). */
const SPECIFIC_STATUSES = new Set([403, 404, 409, 429]);

/**
 * What to tell the user about a failed call: the API's own reason where it is specific to the case
 * (for example 'Bạn không thể xoá chính tài khoản của mình'), otherwise `fallback` (the screen's generic text).
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
