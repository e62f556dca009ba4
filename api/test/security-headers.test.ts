/** Security headers of every answer (helmet's), HSTS only over TLS, and CORS for the configured origins only. */
import Fastify, { type LightMyRequestResponse } from 'fastify';
import helmet from '@fastify/helmet';
import { loadConfig, parseCorsOrigins } from '../src/config';
import { API_CSP as API_DIRECTIVES, DOCS_CSP, HSTS, type PolicyDirectives } from '../src/plugins/external';
import { API, createTestContext, type TestContext } from './helpers';

const API_CSP = "default-src 'none';frame-ancestors 'none'";
const SHELL = 'http://localhost:3000';
const EVIL = 'https://evil.example';

let t: TestContext;
beforeAll(async () => {
  // the test client connects from 127.0.0.1: here, a trusted proxy
  t = await createTestContext({ trustProxy: ['127.0.0.1'] });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const preflight = (origin: string) =>
  t.app.inject({
    method: 'OPTIONS',
    url: `${API}/auth/login`,
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
  });

function expectJsonApiHeaders(res: LightMyRequestResponse) {
  expect(res.headers['content-security-policy']).toBe(API_CSP);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
}

/** The headers @fastify/helmet sets with the API's options and `csp` (and HSTS when asked), in order. */
async function helmetHeaders(csp: PolicyDirectives, hsts: boolean): Promise<Array<[string, unknown]>> {
  const reference = Fastify();
  await reference.register(helmet, { contentSecurityPolicy: { useDefaults: false, directives: csp }, frameguard: { action: 'deny' }, strictTransportSecurity: false });
  reference.get('/', async (_request, reply) => {
    if (hsts) reply.helmet({ strictTransportSecurity: HSTS });
    return {};
  });
  const res = await reference.inject('/');
  await reference.close();
  const own = new Set(['content-type', 'content-length', 'date', 'connection']);
  return Object.entries(res.headers).filter(([name]) => !own.has(name));
}

/** `res`'s headers among `names`, in order. */
const headersNamed = (res: LightMyRequestResponse, names: Array<[string, unknown]>) =>
  Object.entries(res.headers).filter(([name]) => names.some(([reference]) => reference === name));

describe('security headers', () => {
  it("are helmet's, name, value and order: the API's, the docs' and over TLS", async () => {
    const api = await helmetHeaders(API_DIRECTIVES, false);
    expect(api.length).toBeGreaterThan(10);
    expect(headersNamed(await get('/health'), api)).toEqual(api);
    const tls = await helmetHeaders(API_DIRECTIVES, true);
    expect(tls.map(([name]) => name)).toContain('strict-transport-security');
    expect(headersNamed(await get(`${API}/user/get-by-token`, { 'x-forwarded-proto': 'https' }), tls)).toEqual(tls);
    const docs = await helmetHeaders(DOCS_CSP, false);
    expect(headersNamed(await get('/api/docs/json'), docs)).toEqual(docs);
    expect(headersNamed(await get('/api/docs/json', { 'x-forwarded-proto': 'https' }), tls).map(([name]) => name)).toEqual(tls.map(([name]) => name));
  });

  it('a JSON answer, a refusal and a 404 carry the JSON API policy, nosniff and frame protection', async () => {
    const health = await get('/health');
    expect(health.statusCode).toBe(200);
    expectJsonApiHeaders(health);
    const refused = await get(`${API}/user/get-by-token`);
    expect(refused.statusCode).toBe(401);
    expectJsonApiHeaders(refused);
    const missing = await get(`${API}/khong-co`);
    expect(missing.statusCode).toBe(404);
    expectJsonApiHeaders(missing);
  });

  it('sends HSTS only when the request came over TLS', async () => {
    expect((await get('/health')).headers['strict-transport-security']).toBeUndefined();
    const viaProxy = await get('/health', { 'x-forwarded-proto': 'https' });
    expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(viaProxy.headers['content-security-policy']).toBe(API_CSP);
  });

  it('believes X-Forwarded-Proto only from a trusted proxy', async () => {
    const direct = await createTestContext();
    try {
      const res = await direct.app.inject({ method: 'GET', url: '/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await direct.close();
    }
  });

  it('the OpenAPI UI answers with its own page policy, not the JSON one', async () => {
    for (const url of ['/api/docs', '/api/docs/static/swagger-ui-bundle.js', '/api/docs/static/swagger-initializer.js', '/api/docs/json']) {
      const res = await get(url);
      expect([url, res.statusCode]).toEqual([url, 200]);
      const csp = res.headers['content-security-policy'] as string;
      expect(csp).not.toBe(API_CSP);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    expect((await get('/api/docs')).body).toContain('swagger-ui-bundle.js');
  });
});

describe('CORS', () => {
  it('allows the shell’s origin (PUBLIC_APP_URL’s by default), preflight and simple request', async () => {
    expect(t.config.corsOrigins).toEqual([SHELL]);
    const pre = await preflight(SHELL);
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe(SHELL);
    expect(pre.headers['access-control-allow-methods']).toBe('GET, POST, PUT, DELETE, OPTIONS');
    expect(pre.headers['access-control-allow-headers']).toBe('Authorization, Content-Type, Accept, Accept-Language');
    expect(pre.headers['access-control-max-age']).toBe('7200');
    const simple = await get('/health', { origin: SHELL });
    expect(simple.headers['access-control-allow-origin']).toBe(SHELL);
    expect(simple.headers['access-control-expose-headers']).toBe('Content-Disposition, Retry-After');
    expect(simple.headers.vary).toMatch(/Origin/);
    expect(simple.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it.each(['null', EVIL, 'http://localhost:3001', 'http://localhost'])('gives %s no Access-Control-Allow-Origin', async (origin) => {
    expect((await preflight(origin)).headers['access-control-allow-origin']).toBeUndefined();
    const simple = await get('/health', { origin });
    expect(simple.statusCode).toBe(200);
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('allows exactly the origins of CORS_ORIGINS', async () => {
    const other = await createTestContext({ corsOrigins: ['https://backoffice.example', 'https://staff.example:8443'] });
    try {
      for (const origin of ['https://backoffice.example', 'https://staff.example:8443']) {
        const res = await other.app.inject({ method: 'GET', url: '/health', headers: { origin } });
        expect(res.headers['access-control-allow-origin']).toBe(origin);
      }
      for (const origin of [SHELL, 'https://backoffice.example.evil.example', 'http://backoffice.example']) {
        const res = await other.app.inject({ method: 'GET', url: '/health', headers: { origin } });
        expect(res.headers['access-control-allow-origin']).toBeUndefined();
      }
    } finally {
      await other.close();
    }
  });

  it('reads CORS_ORIGINS as exact origins, PUBLIC_APP_URL’s by default', () => {
    expect(loadConfig({}).corsOrigins).toEqual([SHELL]);
    expect(loadConfig({ PUBLIC_APP_URL: 'https://app.example/back-office/' }).corsOrigins).toEqual(['https://app.example']);
    expect(parseCorsOrigins(' https://a.example , http://localhost:4300 ', SHELL)).toEqual(['https://a.example', 'http://localhost:4300']);
    for (const bad of ['*', 'null', 'https://a.example/', 'https://a.example/app', 'a.example', 'https://a.example:443', 'HTTPS://A.example']) {
      expect(() => parseCorsOrigins(bad, SHELL)).toThrow(/CORS_ORIGINS/);
    }
  });
});
