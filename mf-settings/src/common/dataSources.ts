/**
 * The data sources of the settings area, at the API's paths, declared once: each
 * screen, and every form that offers one of them as a choice, takes its data hooks from here.
 */
import type { Role } from '@trungtam/shared/contracts';
import { createDataSource } from '@trungtam/shared/resource';

// the centres, rooms and the course catalogue are declared in @trungtam/shared/lookups: the learning
// area offers them too (its class and course forms)
export { discounts, productTypes, variantGroups, variants, teachingMethods } from '@trungtam/shared/lookups';

/** The roles: the roles screen's list and form, and the roles a rollout of the areas screen may name. */
export const roles = createDataSource<Role>({
  // the account forms' role lists live under ['roles'] too: a role written here refreshes them
  key: ['roles'],
  paths: {
    list: '/system/role/list',
    show: (id) => `/system/role/show/${id}`,
    create: '/system/role/create',
    update: '/system/role/update',
    remove: (id) => `/system/role/delete/${id}`,
  },
  id: (role) => role.id,
});
