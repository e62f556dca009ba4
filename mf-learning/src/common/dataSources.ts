/**
 * The data sources of the learning area, at the API's paths, declared once: each
 * screen, and every form that offers one of them as a choice, takes its data hooks from here.
 */
import type { Holiday, LearningClass } from '@trungtam/shared/contracts/learning';
import type { Product } from '@trungtam/shared/contracts/products';
import { createDataSource, crudPaths } from '@trungtam/shared/resource';

/** Classes: GET /learning/class/list, POST create, GET show/{id}, PUT update, DELETE delete/{class_id}. */
export const classes = createDataSource<LearningClass>({ key: ['classes'], paths: crudPaths('/learning/class'), id: (row) => row.class_id });

/** Days off (a centre's, or every centre's): generated sessions that fall on one clash. */
export const holidays = createDataSource<Holiday>({ key: ['holidays'], paths: crudPaths('/learning/holiday'), id: (row) => row.holiday_id });

/** Courses with their items and allowed discounts: /product/list, create, show/{id}, update, delete/{id}. */
export const products = createDataSource<Product>({ key: ['products'], paths: crudPaths('/product'), id: (course) => course.product_id });
