/** Test support of this remote: an in-memory API behind the suite's HTTP client, recording every call. */
import { api, type ApiAdapter, type ApiRequest } from '@trungtam/shared/api';
import { paramsObject } from '@trungtam/shared/testing';

export interface Reply {
  status: number;
  data: unknown;
}
export type Route = Reply | ((request: { params: URLSearchParams; body: unknown; config: ApiRequest }) => Reply);

export interface Call {
  method: string;
  url: string;
  /** The query string as the browser would send it (a repeated key stays repeated). */
  params: URLSearchParams;
  /** The params as the screen gave them (an object keeps its numbers). */
  query: Record<string, unknown>;
  body: unknown;
}

/** The params of a call, whether the screen gave an object or URLSearchParams. */
function searchOf(params: unknown): URLSearchParams {
  if (params instanceof URLSearchParams) return new URLSearchParams(params);
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries((params ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) out.append(key, String(value));
  }
  return out;
}

/** Answers by "METHOD path" (an unknown one is a 404); restore with the returned function. */
export function fakeApi(routes: Record<string, Route>) {
  const calls: Call[] = [];
  const previous = api.defaults.adapter;
  const adapter: ApiAdapter = async (config) => {
    const method = config.method.toUpperCase();
    const params = searchOf(config.params);
    const body = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    calls.push({ method, url: config.url, params, query: paramsObject(config.params), body });
    const route = routes[`${method} ${config.url}`];
    const reply = typeof route === 'function' ? route({ params, body, config }) : (route ?? { status: 404, data: { error: { code: 'NOT_FOUND', message: 'Không tìm thấy' } } });
    return { data: reply.data, status: reply.status, headers: {} };
  };
  api.defaults.adapter = adapter;
  return {
    calls,
    /** The calls of one "METHOD path". */
    to: (key: string) => calls.filter((call) => `${call.method} ${call.url}` === key),
    restore: () => {
      api.defaults.adapter = previous;
    },
  };
}

export const listReply = <T>(rows: T[]): Reply => ({ status: 200, data: { data: { rows, total_rows: rows.length, total_pages: rows.length ? 1 : 0 } } });
