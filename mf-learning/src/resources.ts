/**
 * The API resources of the learning area (paths of the spec and of domain.md), declared once: each
 * screen, and every form that offers one of them as a choice, takes its data hooks from here.
 */
import type { Holiday, LearningClass } from '@trungtam/shared/contracts/learning';
import { createResource, type ResourcePaths } from '@trungtam/shared/resource';

/** The five paths of the spec's dominant shape: /{base}/list, create, show/{id}, update, delete/{id}. */
const crudPaths = (base: string): ResourcePaths => ({
  list: `${base}/list`,
  show: (id) => `${base}/show/${id}`,
  create: `${base}/create`,
  update: `${base}/update`,
  remove: (id) => `${base}/delete/${id}`,
});

/** Classes: the spec's GET /learning/class/list, POST create, GET show/{id}, PUT update, DELETE delete/{class_id}. */
export const classes = createResource<LearningClass>({ key: ['classes'], paths: crudPaths('/learning/class'), id: (row) => row.class_id });

/** Days off (a centre's, or every centre's): generated sessions that fall on one clash. */
export const holidays = createResource<Holiday>({ key: ['holidays'], paths: crudPaths('/learning/holiday'), id: (row) => row.holiday_id });
