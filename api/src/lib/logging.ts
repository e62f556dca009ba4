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
  '*.password',
  '*.new_password',
  '*.confirm_password',
  '*.passwordHash',
  '*.password_hash',
  '*.token',
  '*.accessToken',
];

/** An error as the log shows it: its message and stack, without the parameters or the SQL of a query. */
export function safeError(error: Error & { params?: unknown; query?: unknown; cause?: unknown }) {
  const serialized = stdSerializers.err(error) as Record<string, unknown>;
  delete serialized.params;
  delete serialized.query;
  if (serialized.cause && typeof serialized.cause === 'object') {
    const cause = serialized.cause as Record<string, unknown>;
    delete cause.params;
    delete cause.query;
    delete cause.parameters;
  }
  return serialized;
}

export function safeLoggerOptions(options: LoggerOptions): LoggerOptions {
  return {
    ...options,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { ...options.serializers, err: safeError },
  };
}
