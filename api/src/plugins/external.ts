/**
 * Security headers, CORS, compression, the OpenAPI document and its UI.
 *
 * The security headers are helmet's (its defaults, frames denied, HSTS over TLS only), worked out once at
 * start: helmet's middleware runs against a recorder and each answer gets the recorded list, where
 * @fastify/helmet ran a new helmet middleware on every request to set the same values.
 * `api/test/security-headers.test.ts` checks them, name, value and order, against @fastify/helmet's.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyInstance, onSendHookHandler } from 'fastify';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import helmet, { type HelmetOptions } from 'helmet';
import { COMPRESSION } from '../lib/compression';
import { hookList } from '../lib/route-hooks';

const DOCS_PREFIX = '/api/docs';

/** A Content-Security-Policy's directives, as helmet takes them. */
export type PolicyDirectives = Record<string, string[]>;
type HeaderList = ReadonlyArray<readonly [name: string, value: string]>;

/** A JSON API renders no document: nothing may load from its answers, and nothing may frame them. */
export const API_CSP: PolicyDirectives = { defaultSrc: ["'none'"], frameAncestors: ["'none'"] };

/**
 * The OpenAPI UI is a page: its own scripts, styles and spec (same origin), the images its stylesheet
 * and logo carry as data: URLs, and nothing else. Its one inline style is the `<style>` of Swagger's
 * own SVG logo (shown until the page puts its logo in place): allowed by its hash rather than by
 * 'unsafe-inline' (a newer swagger-ui with another logo style only logs a refusal).
 */
export const DOCS_CSP: PolicyDirectives = {
  defaultSrc: ["'self'"],
  styleSrc: ["'self'", "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='"],
  imgSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** HSTS (a year, subdomains included), sent only over TLS: over plain http it means nothing (RFC 6797 §7.2). */
export const HSTS = { maxAge: 31_536_000, includeSubDomains: true };

/** The headers helmet's middleware sets with `options`, in its order (recorded from one run of it). */
function helmetHeaders(options: HelmetOptions): HeaderList {
  const headers: Array<[string, string]> = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => void headers.push([name, String(value)]),
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

/** The suite's helmet options with a policy of `csp`: helmet's defaults, frames denied, HSTS as given. */
const optionsFor = (csp: PolicyDirectives, hsts: HelmetOptions['strictTransportSecurity'] = false): HelmetOptions => ({
  contentSecurityPolicy: { useDefaults: false, directives: csp },
  frameguard: { action: 'deny' },
  strictTransportSecurity: hsts,
});

const API_HEADERS = helmetHeaders(optionsFor(API_CSP));
const headerNamed = (list: HeaderList, name: string) => {
  const header = list.find(([key]) => key.toLowerCase() === name);
  if (!header) throw new Error(`helmet set no ${name}`);
  return header;
};
const HSTS_HEADER = headerNamed(helmetHeaders(optionsFor(API_CSP, HSTS)), 'strict-transport-security');
const DOCS_POLICY = headerNamed(helmetHeaders(optionsFor(DOCS_CSP)), 'content-security-policy')[1];

const isDocsRoute = (url: string) => url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`);

/** The docs' answers, error answers included, carry the page's policy instead of the API's. */
const docsPolicy: onSendHookHandler = (_request, reply, payload, done) => {
  reply.raw.setHeader('Content-Security-Policy', DOCS_POLICY);
  done(null, payload);
};

export default fp(async function externalPlugins(app: FastifyInstance) {
  const { config } = app.ctx;

  // Set on the raw answer, as helmet does: they lead the answer's headers, and an error answer keeps them.
  // request.protocol is https when the connection is TLS, or X-Forwarded-Proto says so through a trusted proxy (TRUST_PROXY).
  app.addHook('onRequest', (request, reply, done) => {
    const answer = reply.raw;
    for (const [name, value] of API_HEADERS) answer.setHeader(name, value);
    if (request.protocol === 'https') answer.setHeader(...HSTS_HEADER);
    done();
  });
  // the docs' routes (registered below by swagger-ui)
  app.addHook('onRoute', (route) => {
    if (isDocsRoute(route.url)) route.onSend = [...hookList(route.onSend), docsPolicy];
  });

  // Bearer tokens, no cookies: credentials are not needed. Only the configured front ends' pages
  // (CORS_ORIGINS, the shell's origin by default) may read the answers; any other origin, `null`
  // included, gets no Access-Control-Allow-Origin.
  await app.register(cors, {
    origin: config.corsOrigins,
    credentials: false,
    methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'Accept-Language'],
    exposedHeaders: ['Content-Disposition', 'Retry-After'],
    // A browser keeps a preflight's answer this long (two hours: Chromium's ceiling) instead of five
    // seconds: a call it has made before then goes without a preflight round trip.
    maxAge: 7200,
  });
  // Answers of 1 KB or more compressed for a client that accepts it (lib/compression.ts): a page of 50
  // accounts is 18 KB of JSON and about 2 KB compressed, a real part of opening a list on a phone's
  // network. What is compressed already (the xlsx exports) goes as it is.
  await app.register(compress, COMPRESSION);
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Trung tâm back office API', version: '0.1.0' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearerAuth: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });
});
