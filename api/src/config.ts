/** Settings read from the environment once, at start-up. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_OPERATOR_TIME_ZONE } from '@trungtam/shared/operatorDate';
import { TELEMETRY_LIMITS } from '@trungtam/shared/contracts/telemetry';
import { ESMS_URL } from './lib/channels/sms';
import { ZALO_ZNS_URL } from './lib/channels/zalo';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The repository root (api/src → ..). */
export const REPO_ROOT = path.resolve(here, '..', '..');
export const API_ROOT = path.resolve(here, '..');

export interface RateLimitSetting {
  max: number;
  timeWindowMs: number;
}

export interface AppConfig extends HeaderSettings {
  port: number;
  host: string;
  /** Folder for the PGlite data, the generated secret and the mail outbox. */
  dataDir: string;
  /** When set, PostgreSQL through `pg` instead of PGlite. */
  databaseUrl?: string;
  /** When unset, generated once and kept (file in dataDir with PGlite, app_setting row with PostgreSQL). */
  jwtSecret?: string;
  /** A session's absolute lifetime in seconds (SESSION_MAX_AGE): signed in again after it, however active. */
  sessionMaxAgeSeconds: number;
  /** Seconds without a request after which a session ends (SESSION_IDLE_TIMEOUT). */
  sessionIdleSeconds: number;
  smtpUrl?: string;
  /**
   * The embedded demo mode (no DATABASE_URL, no SMTP_URL): mail that cannot be sent is also written to
   * the log, reset links included, so that whoever tries the suite can read it. Never otherwise.
   */
  logMailText: boolean;
  /** Zalo Official Account's access token for ZNS (ZALO_ACCESS_TOKEN): unset, no Zalo channel. */
  zaloAccessToken?: string;
  /** ZNS's template message endpoint (ZALO_ZNS_URL): Zalo's by default, a local recorder in tests. */
  zaloZnsUrl: string;
  /** The approved ZNS template id per message kind (ZALO_TEMPLATES, a JSON object kind → id). */
  zaloTemplates: Record<string, string>;
  /** The SMS gateway's keys (SMS_API_KEY, SMS_SECRET_KEY): both set, SMS is a channel; one alone is refused. */
  smsApiKey?: string;
  smsSecretKey?: string;
  /** The SMS gateway's send endpoint (SMS_URL): eSMS.vn's JSON API by default. */
  smsUrl: string;
  /** The sender name registered with the gateway (SMS_BRANDNAME), required with the keys. */
  smsBrandname?: string;
  publicAppUrl: string;
  registryFile: string;
  /**
   * The current shell's mf-manifest.json (a URL or a file): the shared libraries, with their versions, that
   * the compatibility gate checks a released remote against. SHELL_MANIFEST; the shell's build by default.
   */
  shellManifest: string;
  /**
   * Origins the release call may fetch a build's mf-manifest.json from although they resolve to a loopback,
   * private or link-local address (RELEASE_ALLOWED_ORIGINS, a comma list; `npm start` lists its own remotes).
   * Public addresses need no listing; every other one is refused.
   */
  releaseAllowedOrigins: string[];
  /** Env overrides of remote entries: REMOTE_<NAME>_ENTRY. */
  remoteEntries: Record<string, string>;
  /** How often the rollout guard judges every area's candidate (AREA_GUARD_INTERVAL_MS, 15 s by default). */
  areaGuardIntervalMs: number;
  /** The attempt limits of the public and password endpoints (RATE_LIMIT_<NAME>, e.g. RATE_LIMIT_LOGIN_ACCOUNT=10/15m). */
  rateLimits: Record<RateLimitName, RateLimitSetting>;
  /** When set, the attempt counters live in Redis, shared by every API instance; in memory otherwise. */
  redisUrl?: string;
  /** Prefix of this deployment's Redis keys (REDIS_PREFIX). */
  redisPrefix: string;
  /** The operator's IANA time zone: "today", weeks and date ranges are computed in it. */
  operatorTimeZone: string;
  /**
   * Which proxies' X-Forwarded-For to believe for the client's address (sign-in limits, the audit log):
   * none by default; a hop count, or a list of proxy addresses / CIDRs (TRUST_PROXY).
   */
  trustProxy: false | number | string[];
  logLevel: string;
  /** A log line per request (LOG_REQUESTS=false turns it off). */
  logRequests: boolean;
  /** How long a graceful stop may take before the requests still running are cut off (SHUTDOWN_TIMEOUT_MS). */
  shutdownTimeoutMs: number;
}

/** '8h', '30m', '45s', '2d' or a number of seconds. */
export function parseDuration(value: string): number {
  const match = /^\s*(\d+)\s*([smhd]?)\s*$/i.exec(value);
  if (!match) throw new Error(`Invalid duration: ${value}`);
  const n = Number(match[1]);
  const unit = (match[2] || 's').toLowerCase();
  return n * { s: 1, m: 60, h: 3600, d: 86400 }[unit as 's' | 'm' | 'h' | 'd'];
}

/** A whole number of milliseconds from the environment, or `fallback` when unset. */
function parseMilliseconds(name: string, value: string | undefined, fallback: number): number {
  if (!value?.trim()) return fallback;
  if (!/^\s*\d+\s*$/.test(value)) throw new Error(`Invalid ${name}: ${value} (a number of milliseconds)`);
  return Number(value);
}

/** '<max>/<window>' (window as a duration, e.g. 10/15m), or '<max>' for a 15-minute window. */
export function parseRateLimit(value: string): RateLimitSetting {
  const [max, window] = value.split('/');
  const parsedMax = Number(max);
  if (!/^\d+$/.test(max.trim()) || !Number.isInteger(parsedMax) || parsedMax < 1) throw new Error(`Invalid rate limit: ${value}`);
  return { max: parsedMax, timeWindowMs: window ? parseDuration(window) * 1000 : 15 * 60 * 1000 };
}

/**
 * The limits, each counted separately per account and per client address, against guessing and flooding:
 * sign-in counts failures only; the others count every attempt (change-password: wrong current passwords).
 * The address limits are looser than the account ones, since a centre's staff share one address.
 */
export const DEFAULT_RATE_LIMITS = {
  LOGIN_ACCOUNT: '10/15m',
  LOGIN_ADDRESS: '15/15m',
  FORGOT_ACCOUNT: '3/1h',
  FORGOT_ADDRESS: '10/1h',
  RESET_ACCOUNT: '5/1h',
  RESET_ADDRESS: '10/1h',
  REGISTER_ACCOUNT: '3/1h',
  REGISTER_ADDRESS: '10/1h',
  PASSWORD_ACCOUNT: '5/15m',
  PASSWORD_ADDRESS: '20/15m',
  /** Area health batches per session (POST /telemetry): the shell sends far fewer. */
  TELEMETRY_SESSION: `${TELEMETRY_LIMITS.batchesPerSessionMinute}/1m`,
} as const;
export type RateLimitName = keyof typeof DEFAULT_RATE_LIMITS;

function loadRateLimits(env: NodeJS.ProcessEnv): Record<RateLimitName, RateLimitSetting> {
  const names = Object.keys(DEFAULT_RATE_LIMITS) as RateLimitName[];
  return Object.fromEntries(
    names.map((name) => [name, parseRateLimit(env[`RATE_LIMIT_${name}`] || DEFAULT_RATE_LIMITS[name])]),
  ) as Record<RateLimitName, RateLimitSetting>;
}

/** TRUST_PROXY: unset (trust no proxy), a hop count ('1'), or a comma list of addresses / CIDRs. */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  const text = value?.trim();
  if (!text) return false;
  if (/^\d+$/.test(text)) return Number(text);
  const list = text.split(',').map((item) => item.trim()).filter(Boolean);
  if (list.some((item) => !/^[0-9a-fA-F.:/]+$/.test(item))) throw new Error(`Invalid TRUST_PROXY: ${value}`);
  return list;
}

/** ZALO_TEMPLATES: a JSON object of message kind → ZNS template id (text or a whole number); unset, none. */
export function parseZaloTemplates(value: string | undefined): Record<string, string> {
  if (!value?.trim()) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new Error('Invalid ZALO_TEMPLATES: not JSON (a JSON object of message kind → template id)');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('Invalid ZALO_TEMPLATES: not a JSON object of message kind → template id');
  const templates: Record<string, string> = {};
  for (const [kind, id] of Object.entries(parsed)) {
    const text = typeof id === 'number' && Number.isInteger(id) ? String(id) : typeof id === 'string' ? id.trim() : '';
    if (!text) throw new Error(`Invalid ZALO_TEMPLATES: the template id of ${kind} is not a text or a whole number`);
    templates[kind] = text;
  }
  return templates;
}

/** The SMS gateway's settings: both keys or neither, and a brandname with them. */
function smsSettings(env: NodeJS.ProcessEnv): Pick<AppConfig, 'smsApiKey' | 'smsSecretKey' | 'smsUrl' | 'smsBrandname'> {
  const smsApiKey = env.SMS_API_KEY || undefined;
  const smsSecretKey = env.SMS_SECRET_KEY || undefined;
  const smsBrandname = env.SMS_BRANDNAME?.trim() || undefined;
  if (!smsApiKey !== !smsSecretKey) throw new Error('Invalid SMS settings: SMS_API_KEY and SMS_SECRET_KEY go together');
  if (smsApiKey && !smsBrandname) throw new Error('Invalid SMS settings: SMS_BRANDNAME is required with SMS_API_KEY and SMS_SECRET_KEY');
  return { smsApiKey, smsSecretKey, smsUrl: env.SMS_URL || ESMS_URL, smsBrandname };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const remoteEntries: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    const match = /^REMOTE_([A-Z0-9_]+)_ENTRY$/.exec(key);
    if (match && value) remoteEntries[match[1].toLowerCase()] = value;
  }
  const dataDir = path.resolve(env.DATA_DIR || path.join(REPO_ROOT, '.data'));
  const registry = env.REMOTE_REGISTRY || path.join('deploy', 'remotes.json');
  return withHeaderSettings(env, {
    port: Number(env.API_PORT || 3100),
    host: env.HOST || '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    sessionMaxAgeSeconds: parseDuration(env.SESSION_MAX_AGE || '10h'),
    sessionIdleSeconds: parseDuration(env.SESSION_IDLE_TIMEOUT || '30m'),
    smtpUrl: env.SMTP_URL || undefined,
    logMailText: !env.DATABASE_URL && !env.SMTP_URL,
    zaloAccessToken: env.ZALO_ACCESS_TOKEN || undefined,
    zaloZnsUrl: env.ZALO_ZNS_URL || ZALO_ZNS_URL,
    zaloTemplates: parseZaloTemplates(env.ZALO_TEMPLATES),
    ...smsSettings(env),
    publicAppUrl: (env.PUBLIC_APP_URL || 'http://localhost:3000').replace(/\/+$/, ''),
    registryFile: path.isAbsolute(registry) ? registry : path.join(REPO_ROOT, registry),
    remoteEntries,
    releaseAllowedOrigins: parseOrigins('RELEASE_ALLOWED_ORIGINS', env.RELEASE_ALLOWED_ORIGINS),
    areaGuardIntervalMs: parseMilliseconds('AREA_GUARD_INTERVAL_MS', env.AREA_GUARD_INTERVAL_MS, 15_000),
    shellManifest: env.SHELL_MANIFEST || path.join(REPO_ROOT, 'shell', 'dist', 'mf-manifest.json'),
    rateLimits: loadRateLimits(env),
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX || 'trungtam',
    operatorTimeZone: env.OPERATOR_TIME_ZONE || DEFAULT_OPERATOR_TIME_ZONE,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL || 'info',
    logRequests: env.LOG_REQUESTS !== 'false',
    shutdownTimeoutMs: parseMilliseconds('SHUTDOWN_TIMEOUT_MS', env.SHUTDOWN_TIMEOUT_MS, 10_000),
  });
}

// ─── Security headers ────────────────────────────────────────────────────────────────────────────

export interface HeaderSettings {
  /**
   * The exact origins whose pages may call the API from a browser (CORS_ORIGINS); by default the
   * shell's own, PUBLIC_APP_URL's. Any other origin, `null` included, gets no Access-Control-Allow-Origin.
   */
  corsOrigins: string[];
}

/** A comma list of exact origins (`scheme://host[:port]`, no path) from the setting `name`; empty when unset. */
export function parseOrigins(name: string, value: string | undefined): string[] {
  const list = (value ?? '').split(',').map((item) => item.trim()).filter(Boolean);
  for (const item of list) {
    let origin: string | undefined;
    try {
      origin = new URL(item).origin;
    } catch {
      // not a URL: refused below
    }
    // exact as a browser sends it or URL.origin gives it: `*`, `null`, a path, a trailing slash or a default port would never match
    if (origin !== item || origin === 'null') throw new Error(`Invalid ${name}: ${item} is not an origin (scheme://host[:port])`);
  }
  return list;
}

/** CORS_ORIGINS: a comma list of exact origins; unset, PUBLIC_APP_URL's origin. */
export function parseCorsOrigins(value: string | undefined, publicAppUrl: string): string[] {
  const list = parseOrigins('CORS_ORIGINS', value);
  return list.length ? list : [new URL(publicAppUrl).origin];
}

function withHeaderSettings(env: NodeJS.ProcessEnv, config: Omit<AppConfig, keyof HeaderSettings>): AppConfig {
  return { ...config, corsOrigins: parseCorsOrigins(env.CORS_ORIGINS, config.publicAppUrl) };
}
