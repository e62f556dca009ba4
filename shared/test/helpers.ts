import type { ApiAdapter, ApiRequest } from '../src/api';

type Reply = { status: number; data: unknown };

/** An adapter of the shared client answering by `METHOD path`; records each request. */
export function fakeAdapter(routes: Record<string, Reply | ((request: ApiRequest) => Reply)>) {
  const calls: ApiRequest[] = [];
  const adapter: ApiAdapter = async (request) => {
    calls.push(request);
    const route = routes[`${request.method.toUpperCase()} ${request.url}`];
    const reply = typeof route === 'function' ? route(request) : (route ?? { status: 404, data: {} });
    return { data: reply.data, status: reply.status, headers: {} };
  };
  return { adapter, calls };
}
