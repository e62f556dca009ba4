/** The signed-in user's own account: name and phone (the account page's settings). */
import { eq } from 'drizzle-orm';
import type { User } from '@trungtam/shared/contracts';
import type { AppContext } from '../types';
import { centers, users } from '../db/schema';
import type { Actor } from '../access/access';
import { notFound } from '../lib/errors';
import { auditableUser, findActiveUser, loadUserDto } from './accounts';
import { assertChangedPhones } from './users';
import { writeAudit, type AuditContext } from '../factory/audit';

export async function updateOwnProfile(
  ctx: AppContext,
  actor: Actor,
  body: { name: string; phone_number: string },
  audit: AuditContext,
): Promise<User> {
  const { db } = ctx.database;
  await db.transaction(async (tx) => {
    const before = await findActiveUser(tx, actor.id);
    if (!before) throw notFound();
    // (the account page's phone follows the accounts' rule: checked when it changes)
    assertChangedPhones(body, before);
    const [after] = await tx
      .update(users)
      // (an account without a phone keeps none rather than an empty one)
      .set({ name: body.name.trim(), phoneNumber: body.phone_number.trim() || before.phoneNumber, updatedAt: new Date() })
      .where(eq(users.id, actor.id))
      .returning();
    await writeAudit(tx, audit, {
      action: 'profile.update',
      resource: 'User',
      resourceId: actor.id,
      before: auditableUser(before),
      after: auditableUser(after),
    });
  });
  return (await loadUserDto(db, actor.id)) as User;
}

/** The caller's account with the name of their centre (the account page's overview). */
export async function getOwnProfile(ctx: AppContext, actor: Actor): Promise<User & { center: { center_id: number; name: string } | null }> {
  const { db } = ctx.database;
  const user = (await loadUserDto(db, actor.id)) as User | undefined;
  if (!user) throw notFound();
  let center: { center_id: number; name: string } | null = null;
  if (user.center_id) {
    const [row] = await db.select({ center_id: centers.centerId, name: centers.name }).from(centers).where(eq(centers.centerId, user.center_id));
    center = row ?? null;
  }
  return { ...user, center };
}
