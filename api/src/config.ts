/** Settings read from the environment once, at start-up. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_OPERATOR_TIME_ZONE } from '@trungtam/shared/operatorDate';

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
  /** Token lifetime in seconds. */
  jwtTtlSeconds: number;
  smtpUrl?: string;
  publicAppUrl: string;
  registryFile: string;
  /** Env overrides of remote entries: REMOTE_<NAME>_ENTRY. */
  remoteEntries: Record<string, string>;
  loginRateLimit: RateLimitSetting;
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
}

/** '8h', '30m', '45s', '2d' or a number of seconds. */
export function parseDuration(value: string): number {
  const match = /^\s*(\d+)\s*([smhd]?)\s*$/i.exec(value);
  if (!match) throw new Error(`Invalid duration: ${value}`);
  const n = Number(match[1]);
  const unit = (match[2] || 's').toLowerCase();
  return n * { s: 1, m: 60, h: 3600, d: 86400 }[unit as 's' | 'm' | 'h' | 'd'];
}

/** LOGIN_RATE_LIMIT: '<max>' or '<max>/<window>' (window as a duration, e.g. 10/15m). */
export function parseRateLimit(value: string | undefined): RateLimitSetting {
  if (!value) return { max: 10, timeWindowMs: 15 * 60 * 1000 };
  const [max, window] = value.split('/');
  const parsedMax = Number(max);
  if (!Number.isInteger(parsedMax) || parsedMax < 1) throw new Error(`Invalid LOGIN_RATE_LIMIT: ${value}`);
  return { max: parsedMax, timeWindowMs: window ? parseDuration(window) * 1000 : 15 * 60 * 1000 };
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
    jwtTtlSeconds: parseDuration(env.JWT_TTL || '8h'),
    smtpUrl: env.SMTP_URL || undefined,
    publicAppUrl: (env.PUBLIC_APP_URL || 'http://localhost:3000').replace(/\/+$/, ''),
    registryFile: path.isAbsolute(registry) ? registry : path.join(REPO_ROOT, registry),
    remoteEntries,
    loginRateLimit: parseRateLimit(env.LOGIN_RATE_LIMIT),
    operatorTimeZone: env.OPERATOR_TIME_ZONE || DEFAULT_OPERATOR_TIME_ZONE,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL || 'info',
    logRequests: env.LOG_REQUESTS !== 'false',
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

/** CORS_ORIGINS: a comma list of exact origins (`scheme://host[:port]`, no path); unset, PUBLIC_APP_URL's origin. */
export function parseCorsOrigins(value: string | undefined, publicAppUrl: string): string[] {
  const text = value?.trim();
  if (!text) return [new URL(publicAppUrl).origin];
  const list = text.split(',').map((item) => item.trim()).filter(Boolean);
  for (const item of list) {
    let origin: string | undefined;
    try {
      origin = new URL(item).origin;
    } catch {
      // not a URL: refused below
    }
    // exact as the browser sends it: `*`, `null`, a path, a trailing slash or a default port would never match
    if (origin !== item || origin === 'null') throw new Error(`Invalid CORS_ORIGINS: ${item} is not an origin (scheme://host[:port])`);
  }
  return list;
}

function withHeaderSettings(env: NodeJS.ProcessEnv, config: Omit<AppConfig, keyof HeaderSettings>): AppConfig {
  return { ...config, corsOrigins: parseCorsOrigins(env.CORS_ORIGINS, config.publicAppUrl) };
}
