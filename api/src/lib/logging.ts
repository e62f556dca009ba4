/**
 * What the API's log may hold: never a password, a hash, a token, a reset link's secret or the values a
 * failed query carried (a failed insert would otherwise log its parameters: hashes and personal data).
 * The logger options of every API instance go through `safeLoggerOptions`.
 */
import { stdSerializers, type LoggerOptions } from 'pino';

/** Paths pino removes from every line (request headers and any object logged with these keys). */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  // the multipart parser logs its options at trace level, the request's headers among them (the token,
  // and a random boundary that may read as a phone number): none of them is of use in the log
  'busboyOptions.headers',
  '*.password',
  '*.new_password',
  '*.confirm_password',
  '*.passwordHash',
  '*.password_hash',
  '*.token',
  '*.accessToken',
  '*.resetLink',
];

/** A failed query's message names its values after "params:" (Drizzle) and after "Key (…)=" (PostgreSQL). */
function withoutValues(text: unknown): unknown {
  if (typeof text !== 'string') return text;
  return text.replace(/\nparams: [^\n]*/g, '\nparams: [redacted]').replace(/\)=\([^)]*\)/g, ')=([redacted])');
}

function scrub(serialized: Record<string, unknown>): Record<string, unknown> {
  for (const key of ['params', 'query', 'parameters', 'detail', 'where', 'internalQuery']) delete serialized[key];
  serialized.message = withoutValues(serialized.message);
  serialized.stack = withoutValues(serialized.stack);
  if (serialized.cause && typeof serialized.cause === 'object') scrub(serialized.cause as Record<string, unknown>);
  return serialized;
}

/** An error as the log shows it: its message and stack, without the values a failed query carried. */
export function safeError(error: Error) {
  return scrub(stdSerializers.err(error) as unknown as Record<string, unknown>);
}

/** A URL as the log shows it: the path and the names of its query parameters, not their values (a search is personal data). */
export function safeUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const names = new URLSearchParams(url.slice(at + 1));
  return `${url.slice(0, at)}?${[...names.keys()].map((name) => `${name}=…`).join('&')}`;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  ip?: string;
  routeOptions?: { url?: string };
}

export function safeLoggerOptions(options: LoggerOptions): LoggerOptions {
  return {
    ...options,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      ...options.serializers,
      err: safeError,
      req: (request: LoggedRequest) => ({ method: request.method, url: safeUrl(request.url ?? ''), remoteAddress: request.ip }),
    },
  };
}
