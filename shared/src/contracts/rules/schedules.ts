/**
 * A session's attendance statuses.
 * A leaf module (it imports nothing of the contracts or the schemas): the request schemas build on it and
 * the contracts re-export it, so neither imports the other's values.
 */

/** How a student was at a session: present, absent, excused (present sessions are the lessons learned). */
export const ATTENDANCE_STATUSES = ['present', 'absent', 'excused'] as const;
