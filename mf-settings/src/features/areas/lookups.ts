/**
 * What a rollout's ids read as, and what the rollout form offers: the roles (the roles screen's list),
 * the centres (the shared lookup) and the accounts a rollout names. Each is asked for only when the
 * user's role may list it; otherwise an id reads as '#id' and the form keeps the ids it was given.
 */
import { ALL_BY_NAME, useCenterChoices } from '@trungtam/shared/lookups';
import { can } from '@trungtam/shared/permissions';
import { choices, useAccountNames } from '@trungtam/shared/resource';
import { useCurrentUser } from '@trungtam/shared/session';
import type { RemoteArea } from '@trungtam/shared/schemas/remotes';
import { roles } from '../../common/dataSources';
import type { RolloutNames } from './texts';

export function useRolloutLookups(areas: readonly RemoteArea[]) {
  const me = useCurrentUser();
  const may = {
    roles: can(me, 'System', 'GetAllRole'),
    centers: can(me, 'LearningCenter', 'GetAll'),
    /** Searching accounts (the form's picker and the preview). */
    users: can(me, 'User', 'GetAll'),
  };
  const roleList = roles.useList(ALL_BY_NAME, { enabled: may.roles });
  const roleChoices = choices(roleList.data?.rows ?? [], (role) => role.id, (role) => role.name);
  const centers = useCenterChoices({ enabled: may.centers });
  const userIds = [...new Set(areas.flatMap((area) => area.rollout?.user_ids ?? []))];
  const users = useAccountNames(userIds, { enabled: can(me, 'User', 'GetOne') });
  const names: RolloutNames = { role: roleChoices.nameOf, center: centers.nameOf, user: users.nameOf };
  return { may, roles: roleChoices, centers, users, names };
}

export type RolloutLookups = ReturnType<typeof useRolloutLookups>;
