/** Notifications: what the system and staff send to users, and what each user reads. */
import type { Queryable } from '../db/client';
import { notifications } from '../db/schema';

/**
 * Sends one notification to each of `userIds`, inside the caller's transaction so that it exists
 * exactly when the event that caused it does (an enrolment, a moved session, a staff message).
 */
export async function notifyUsers(
  db: Queryable,
  userIds: number[],
  message: { name: string; message: string; settingId?: number | null },
): Promise<void> {
  if (userIds.length === 0) return;
  await db.insert(notifications).values(
    userIds.map((userId) => ({
      userId,
      name: message.name,
      message: message.message,
      settingId: message.settingId ?? null,
    })),
  );
}
