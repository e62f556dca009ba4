/** Recognising PostgreSQL errors through Drizzle's wrapper, for both drivers. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    if ((current as { code?: string }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** A foreign key still points at the row (deleting a record in use). */
export function isForeignKeyViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    if ((current as { code?: string }).code === '23503') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * SQLSTATE classes and driver codes that say the database could not be reached or the connection was lost
 * (08: connection exception; 57P01–57P03: administrator shutdown, crash shutdown, cannot connect now;
 * 53300: too many connections): the request may succeed if retried, so it answers 503, never 500.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const UNAVAILABLE_NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);
/**
 * node-postgres reports with these texts and no code: a connection that ended under a query, or one the
 * pool could not open within its connectionTimeoutMillis (every connection busy, or a server that hangs).
 */
const LOST_CONNECTION_TEXT = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08') || UNAVAILABLE_NETWORK_CODES.has(code))) return true;
    if (typeof message === 'string' && LOST_CONNECTION_TEXT.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
