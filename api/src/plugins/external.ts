/** Third-party plugins configured once: security headers, CORS, the OpenAPI document and its UI. */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';

const DOCS_PREFIX = '/api/docs';

/** A JSON API renders no document: nothing may load from its answers, and nothing may frame them. */
const API_CSP = { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } };

/**
 * The OpenAPI UI is a page: its own scripts, styles and spec (same origin), the images its stylesheet
 * and logo carry as data: URLs, and nothing else. Its one inline style is the `<style>` of Swagger's
 * own SVG logo (shown until the page puts its logo in place): allowed by its hash rather than by
 * 'unsafe-inline' (a newer swagger-ui with another logo style only logs a refusal).
 */
const DOCS_CSP = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    styleSrc: ["'self'", "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='"],
    imgSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
};

/** helmet's HSTS (a year, subdomains included), sent only over TLS: over plain http it means nothing (RFC 6797 §7.2). */
const HSTS = { maxAge: 31_536_000, includeSubDomains: true };

const isDocsRoute = (url: string) => url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`);

export default fp(async function externalPlugins(app: FastifyInstance) {
  const { config } = app.ctx;

  // The docs' routes (registered below by swagger-ui) get the page's policy instead of the API's
  // (a route's own `helmet` option, read by helmet's onRoute hook: this one must run first).
  app.addHook('onRoute', (route) => {
    if (isDocsRoute(route.url)) route.helmet = { contentSecurityPolicy: DOCS_CSP };
  });
  await app.register(helmet, {
    contentSecurityPolicy: API_CSP,
    frameguard: { action: 'deny' },
    strictTransportSecurity: false,
  } satisfies FastifyHelmetOptions);
  // request.protocol is https when the connection is TLS, or X-Forwarded-Proto says so through a trusted proxy (TRUST_PROXY)
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.helmet({ strictTransportSecurity: HSTS });
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
  });
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
