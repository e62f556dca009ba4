/**
 * Whom a composed message may go to, and its limits.
 * A leaf module (it imports nothing of the contracts or the schemas): the request schemas build on it and
 * the contracts re-export it, so neither imports the other's values.
 */

/**
 * Whom a message goes to: one account (`user`), every active account of a type (`type`, optionally of
 * one centre), everyone active of a centre (`center`) or everyone active (`all`, optionally of one
 * centre). Groups never include administrators: an administrator is reached only individually.
 */
export const NOTIFICATION_TARGET_KINDS = ['user', 'type', 'center', 'all'] as const;
/** The account types a `type` target may name (and the types the group targets reach). */
export const NOTIFICATION_TARGET_TYPES = ['teacher', 'student', 'academic_affair'] as const;
/** The longest name and message of a composed message. */
export const NOTIFICATION_LIMITS = { name: 255, message: 5000 } as const;
