/** An in-memory API behind the suite's axios instance: answers by 'METHOD path', records every call. */
import { api } from '@trungtam/shared/api';
import { AxiosError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';

export interface Reply {
  status: number;
  data: unknown;
}
export type Route = Reply | ((config: InternalAxiosRequestConfig) => Reply);

export interface Call {
  method: string;
  url: string;
  params: Record<string, unknown>;
  body: unknown;
}

/** Installs the routes (an unknown one answers 404); returns the calls made, in order. */
export function fakeApi(routes: Record<string, Route>): Call[] {
  const calls: Call[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const method = (config.method ?? 'get').toUpperCase();
    calls.push({ method, url: config.url ?? '', params: config.params ?? {}, body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data });
    const route = routes[`${method} ${config.url}`];
    const reply = typeof route === 'function' ? route(config) : (route ?? { status: 404, data: { error: { code: 'NOT_FOUND', message: 'Không tìm thấy' } } });
    const response: AxiosResponse = { data: reply.data, status: reply.status, statusText: String(reply.status), headers: {}, config };
    if (reply.status >= 400) throw new AxiosError(`Request failed with status code ${reply.status}`, 'ERR_BAD_RESPONSE', config, null, response);
    return response;
  };
  api.defaults.adapter = adapter;
  return calls;
}

export const listReply = <T>(rows: T[]): Reply => ({ status: 200, data: { data: { rows, total_rows: rows.length, total_pages: rows.length ? 1 : 0 } } });
