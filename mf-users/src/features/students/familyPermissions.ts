/** What of a student's family the signed-in user may see and do (the list offers the family view only when something). */
import { can } from '@trungtam/shared/permissions';
import type { useCurrentUser } from '@trungtam/shared/session';

export type StudentFamilyTab = 'guardians' | 'messages';

/** Guardians: read with User GetOne, written with User Update; messages: read with NotificationSetting GetAll, resent with its Update. */
export function familyPermissions(user: ReturnType<typeof useCurrentUser>) {
  return {
    guardians: can(user, 'User', 'GetOne'),
    writeGuardians: can(user, 'User', 'Update'),
    messages: can(user, 'NotificationSetting', 'GetAll'),
    resend: can(user, 'NotificationSetting', 'Update'),
  };
}
