/**
 * The largest list page and the students' sources, which list queries and account records take.
 * A leaf module (it imports nothing of the contracts or the schemas): the request schemas build on it and
 * the contracts re-export it, so neither imports the other's values.
 */

export const MAX_LIST_LIMIT = 1000;

export const STUDENT_SOURCES = [
  'facebook',
  'direct',
  'affliate',
  'ads',
  'tiktok',
  'youtube',
  'other',
] as const;
export type StudentSource = (typeof STUDENT_SOURCES)[number];
/** The list filter's value for students whose source is empty (unknown). */
export const UNKNOWN_SOURCE_FILTER = 'unknown';
/** What the students list filters by: a source, the unknown ones, or '' for all. */
export type StudentSourceFilter = StudentSource | typeof UNKNOWN_SOURCE_FILTER | '';

/**
 * Self sign-up (POST /auth/register without a token): open (a working student account at once), approval
 * (the account waits in "Chờ duyệt" until staff approve it into a centre and a class; default) or closed.
 */
export const SELF_SIGNUP_MODES = ['open', 'approval', 'closed'] as const;
export type SelfSignupMode = (typeof SELF_SIGNUP_MODES)[number];
export const DEFAULT_SELF_SIGNUP_MODE: SelfSignupMode = 'approval';
