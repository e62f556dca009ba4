/**
 * The API resources of the settings area (paths of the spec and of domain.md), declared once: each
 * screen, and every form that offers one of them as a choice, takes its data hooks from here.
 */
// the centres, rooms and the course catalogue are declared in @trungtam/shared/lookups: the learning
// area offers them too (its class and course forms)
export { discounts, productTypes, variantGroups, variants, vendors } from '@trungtam/shared/lookups';
