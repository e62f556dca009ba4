/**
 * The production nginx configuration, rendered from its settings (origins, addresses, folders): the API
 * instances behind one upstream, the shell with its single-page fallback, and each remote on its own
 * origin with its released versions. The caching rules, the security headers and the Content-Security-
 * Policy are the local static server's own (static-server.mjs), imported rather than written again.
 * Plain ES module, no dependencies: `render-nginx.mjs` is its command line.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { REMOTES } from '../remotes.mjs';
import { CACHE_CONTROL, HASHED_ASSET, SECURITY_HEADERS, pageContentSecurityPolicy } from '../static-server.mjs';

/** Debian's folder of dynamic nginx modules. */
export const DEBIAN_MODULES_DIR = '/usr/lib/nginx/modules';
/** Debian's package libnginx-mod-http-brotli-static installs this module. */
export const BROTLI_STATIC_MODULE = 'ngx_http_brotli_static_module.so';

/** A released version's folder at the root of a remote's origin: `/1.4.0/`, `/2.0.0-rc.1/`. */
export const RELEASE_FOLDER = /^\/[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?\//;

/** Text types worth compressing (text/html always is). */
const COMPRESSED_TYPES = [
  'text/css', 'text/plain', 'text/xml', 'text/javascript', 'application/javascript', 'application/json',
  'application/manifest+json', 'application/xml', 'image/svg+xml',
];

/**
 * @typedef {object} SiteSettings
 * @property {string[]} listen what each server listens on (`80`, `443 ssl http2`, `127.0.0.1:4400`)
 * @property {string} shellOrigin the shell's public origin (`https://backoffice.example.vn`); the API is served under its `/api/`
 * @property {Record<string, string>} remoteOrigins each remote's public origin, by name
 * @property {string[]} apiUpstreams the API instances, `host:port` each
 * @property {string} shellRoot the folder of the shell's build
 * @property {string} remotesRoot the folder holding one folder per remote (its build, and one folder per released version)
 * @property {string} accessLog the access log's path
 * @property {{ certificate: string, key: string }} [tls] certificate and key files, when the origins are https
 * @property {boolean} brotli whether the brotli_static module is loaded (Debian: libnginx-mod-http-brotli-static)
 */

/** An nginx string in double quotes (a header value: no variable in it). */
function quoted(value) {
  if (/["\\$\n]/.test(value)) throw new Error(`Cannot be written into the nginx configuration: ${value}`);
  return `"${value}"`;
}

/**
 * A regular expression in double quotes, for a location or a map key (`prefix`: a map's `~`); PCRE reads
 * the JavaScript syntax used here.
 */
function pattern(regex, prefix = '') {
  if (/["\n]/.test(regex.source) || regex.flags) throw new Error(`Cannot be written into the nginx configuration: ${regex}`);
  return `"${prefix}${regex.source}"`;
}

const hostOf = (origin) => new URL(origin).hostname;

/** The `add_header` lines of a static answer. Cache-Control is left off error answers (a 404 is never cached for a year). */
function staticHeaders({ cache, policy, hsts, cors }) {
  const lines = [`add_header Cache-Control ${cache.startsWith('$') ? cache : quoted(cache)};`];
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) lines.push(`add_header ${name} ${quoted(value)} always;`);
  lines.push(`add_header Content-Security-Policy ${quoted(policy)} always;`);
  if (hsts) lines.push('add_header Strict-Transport-Security "max-age=31536000; includeSubDomains" always;');
  if (cors) {
    // the answer depends on the Origin sent: caches keep one per origin
    lines.push('add_header Vary Origin always;');
    lines.push('add_header Access-Control-Allow-Origin $trungtam_cors_origin always;');
    lines.push('add_header Access-Control-Allow-Methods $trungtam_cors_methods always;');
  }
  return lines;
}

const indent = (lines, depth) => lines.map((line) => (line ? `${'    '.repeat(depth)}${line}` : '')).join('\n');

/** A location block. */
function location(match, body) {
  return [`location ${match} {`, ...body.map((line) => `    ${line}`), '}'];
}

/** What every server has: where it listens, its name, its log, compression and TLS. */
function serverHead(settings, serverName) {
  const lines = [...settings.listen.map((listen) => `listen ${listen};`), `server_name ${serverName};`, 'server_tokens off;', 'charset utf-8;'];
  lines.push(`access_log ${settings.accessLog} trungtam;`);
  // compression: files shipped pre-compressed beside the originals (precompress.mjs) are sent as they are,
  // the rest compressed on the fly
  lines.push('gzip on;', 'gzip_vary on;', 'gzip_proxied any;', 'gzip_comp_level 5;', 'gzip_min_length 1024;');
  lines.push(`gzip_types ${COMPRESSED_TYPES.join(' ')};`, 'gzip_static on;');
  if (settings.brotli) lines.push('brotli_static on;');
  if (settings.tls) {
    lines.push(`ssl_certificate ${settings.tls.certificate};`, `ssl_certificate_key ${settings.tls.key};`);
    lines.push('ssl_protocols TLSv1.2 TLSv1.3;', 'ssl_session_cache shared:trungtam_tls:10m;', 'ssl_session_timeout 1d;');
  }
  return lines;
}

/** The shell: the API under /api/, hashed assets for a year, every other path the single page (revalidated). */
function shellServer(settings) {
  const remoteOrigins = Object.values(settings.remoteOrigins);
  // the API is the shell's own origin ('self'); code and manifests come from the remotes' origins
  const policy = pageContentSecurityPolicy({ scriptOrigins: remoteOrigins, connectOrigins: remoteOrigins });
  const hsts = Boolean(settings.tls);
  return [
    'server {',
    indent(serverHead(settings, hostOf(settings.shellOrigin)), 1),
    `    root ${settings.shellRoot};`,
    '',
    indent(
      location('^~ /api/', [
        'proxy_pass http://trungtam_api;',
        'proxy_set_header Host $host;',
        'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
        'proxy_set_header X-Forwarded-Proto $scheme;',
        // Refused, reset or timed out before an answer, or turned away by a draining instance (503): tried on
        // the next instance. nginx never sends a POST, PUT or DELETE twice once it reached an instance, so a
        // write is never repeated; one refused at connect time (a stopped instance) never reached it.
        'proxy_next_upstream error timeout http_502 http_503;',
        'proxy_connect_timeout 3s;',
        // exports stream large sheets
        'proxy_read_timeout 300s;',
        // an examinee import: a sheet of up to 5 MB in a multipart body
        'client_max_body_size 6m;',
      ]),
      1,
    ),
    '',
    indent(location(`~ ${pattern(HASHED_ASSET)}`, ['try_files $uri =404;', ...staticHeaders({ cache: CACHE_CONTROL.immutable, policy, hsts })]), 1),
    '',
    indent(location('/', ['try_files $uri /index.html;', ...staticHeaders({ cache: CACHE_CONTROL.revalidate, policy, hsts })]), 1),
    '}',
  ].join('\n');
}

/**
 * A remote on its own origin: its released versions (`/<version>/…`, never changed once released) and
 * hashed assets for a year, the rest of its working build at `/` revalidated ($trungtam_remote_cache).
 * CORS to the shell's origin only.
 */
function remoteServer(settings, name, origin) {
  // a remote's own page (its standalone mode) calls the API on the shell's origin
  const policy = pageContentSecurityPolicy({ connectOrigins: [settings.shellOrigin] });
  return [
    'server {',
    indent(serverHead(settings, hostOf(origin)), 1),
    `    root ${path.posix.join(settings.remotesRoot, name)};`,
    '',
    indent(
      location('/', [
        'if ($request_method = OPTIONS) {',
        '    return 204;',
        '}',
        'try_files $uri =404;',
        ...staticHeaders({ cache: '$trungtam_remote_cache', policy, hsts: Boolean(settings.tls), cors: true }),
      ]),
      1,
    ),
    '}',
  ].join('\n');
}

/**
 * The site: what goes inside nginx's `http` block (Debian: a file of /etc/nginx/sites-enabled). Its
 * directives sit in its own server blocks, so that it adds to Debian's nginx.conf without clashing.
 *
 * @param {SiteSettings} settings
 * @returns {string}
 */
export function renderSite(settings) {
  if (settings.apiUpstreams.length === 0) throw new Error('At least one API instance is needed');
  const shellOrigin = new URL(settings.shellOrigin).origin;
  const upstream = [
    // No keepalive to the instances: each request opens its own connection, so a stopped instance is simply
    // refused at connect time (and the request sent to another), never a pooled connection cut under a
    // request. The zone shares the failure counts between nginx's workers: one 503 of a draining instance
    // keeps every worker away from it for fail_timeout.
    'upstream trungtam_api {',
    '    zone trungtam_api 64k;',
    ...settings.apiUpstreams.map((address) => `    server ${address} max_fails=1 fail_timeout=10s;`),
    '}',
  ];
  const logFormat = [
    // the request without its query string: searches are personal data (the API's log leaves them out too)
    "log_format trungtam '$remote_addr [$time_local] \"$request_method $uri $server_protocol\" $status $body_bytes_sent '",
    "                    'upstream=$upstream_addr upstream_status=$upstream_status time=$request_time';",
  ];
  const cors = [
    // CORS of the remotes: the shell's origin only; any other origin gets no Access-Control-Allow-Origin
    'map $http_origin $trungtam_cors_origin {',
    '    default "";',
    `    ${quoted(shellOrigin)} $http_origin;`,
    '}',
    'map $trungtam_cors_origin $trungtam_cors_methods {',
    '    default "GET, HEAD, OPTIONS";',
    '    "" "";',
    '}',
  ];
  const remoteCache = [
    'map $uri $trungtam_remote_cache {',
    `    default ${quoted(CACHE_CONTROL.revalidate)};`,
    `    ${pattern(RELEASE_FOLDER, '~')} ${quoted(CACHE_CONTROL.immutable)};`,
    `    ${pattern(HASHED_ASSET, '~')} ${quoted(CACHE_CONTROL.immutable)};`,
    '}',
  ];
  const servers = [shellServer(settings), ...Object.entries(settings.remoteOrigins).map(([name, origin]) => remoteServer(settings, name, origin))];
  if (settings.tls) {
    const names = [hostOf(settings.shellOrigin), ...Object.values(settings.remoteOrigins).map(hostOf)];
    servers.push(['server {', '    listen 80;', `    server_name ${names.join(' ')};`, '    return 301 https://$host$request_uri;', '}'].join('\n'));
  }
  return [
    '# Rendered by deploy/production/render-nginx.mjs from its settings: change those and render again.',
    '',
    ...upstream,
    '',
    ...logFormat,
    '',
    ...cors,
    '',
    ...remoteCache,
    '',
    servers.join('\n\n'),
    '',
  ].join('\n');
}

/**
 * A whole nginx.conf around the site, for an nginx of its own (`nginx -p <prefix> -c <file>`): its pid,
 * logs and temporary files under `prefix`, Debian's MIME types, the brotli module when the site uses it.
 *
 * @param {string} site the site, from renderSite
 * @param {{ prefix: string, brotli: boolean, modulesDir?: string, mimeTypes?: string, workers?: string }} options
 * @returns {string}
 */
export function renderStandalone(site, { prefix, brotli, modulesDir = DEBIAN_MODULES_DIR, mimeTypes = '/etc/nginx/mime.types', workers = 'auto' }) {
  const at = (name) => path.join(prefix, name);
  return [
    ...(brotli ? [`load_module ${path.join(modulesDir, BROTLI_STATIC_MODULE)};`] : []),
    `worker_processes ${workers};`,
    `pid ${at('nginx.pid')};`,
    `error_log ${at('error.log')} warn;`,
    'events {',
    '    worker_connections 1024;',
    '}',
    'http {',
    `    include ${mimeTypes};`,
    '    default_type application/octet-stream;',
    '    sendfile on;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `    ${kind}_temp_path ${at(`temp-${kind}`)};`),
    indent(site.split('\n'), 1),
    '}',
    '',
  ].join('\n');
}

/** A comma list of the environment, trimmed, without empty items. */
const list = (value) => (value ?? '').split(',').map((item) => item.trim()).filter(Boolean);

/**
 * The settings from the environment (see deploy/README.md and nginx.env.example):
 * SHELL_ORIGIN, REMOTE_ORIGIN (with `{name}`), API_UPSTREAMS, NGINX_LISTEN, SHELL_ROOT, REMOTES_ROOT,
 * NGINX_ACCESS_LOG, TLS_CERTIFICATE and TLS_CERTIFICATE_KEY, NGINX_BROTLI (`auto`, `on`, `off`).
 *
 * @param {NodeJS.ProcessEnv} env
 * @returns {SiteSettings}
 */
export function settingsFromEnv(env = process.env) {
  if (!env.SHELL_ORIGIN) throw new Error('SHELL_ORIGIN is required (the shell\'s public origin, e.g. https://backoffice.example.vn)');
  const shell = new URL(env.SHELL_ORIGIN);
  if (shell.origin !== env.SHELL_ORIGIN.replace(/\/+$/, '')) throw new Error(`SHELL_ORIGIN must be an origin (scheme://host[:port]): ${env.SHELL_ORIGIN}`);
  const https = shell.protocol === 'https:';
  const remoteOrigin = env.REMOTE_ORIGIN || `${shell.protocol}//{name}.${shell.host}`;
  if (!remoteOrigin.includes('{name}')) throw new Error(`REMOTE_ORIGIN must contain {name}: ${remoteOrigin}`);
  const apiUpstreams = list(env.API_UPSTREAMS);
  if (apiUpstreams.length === 0) throw new Error('API_UPSTREAMS is required (the API instances, e.g. 10.0.0.11:3100,10.0.0.12:3100)');
  let tls;
  if (https) {
    if (!env.TLS_CERTIFICATE || !env.TLS_CERTIFICATE_KEY) throw new Error('An https SHELL_ORIGIN needs TLS_CERTIFICATE and TLS_CERTIFICATE_KEY');
    tls = { certificate: env.TLS_CERTIFICATE, key: env.TLS_CERTIFICATE_KEY };
  }
  const brotliSetting = env.NGINX_BROTLI || 'auto';
  if (!['auto', 'on', 'off'].includes(brotliSetting)) throw new Error(`NGINX_BROTLI: auto, on or off, not ${brotliSetting}`);
  const brotli = brotliSetting === 'auto' ? existsSync(path.join(env.NGINX_MODULES_DIR || DEBIAN_MODULES_DIR, BROTLI_STATIC_MODULE)) : brotliSetting === 'on';
  return {
    listen: env.NGINX_LISTEN ? list(env.NGINX_LISTEN) : [https ? '443 ssl http2' : shell.port || '80'],
    shellOrigin: shell.origin,
    remoteOrigins: Object.fromEntries(REMOTES.map((remote) => [remote.name, new URL(remoteOrigin.replaceAll('{name}', remote.name)).origin])),
    apiUpstreams,
    shellRoot: env.SHELL_ROOT || '/srv/trungtam/shell',
    remotesRoot: env.REMOTES_ROOT || '/srv/trungtam/remotes',
    accessLog: env.NGINX_ACCESS_LOG || '/var/log/nginx/trungtam.access.log',
    tls,
    brotli,
  };
}
