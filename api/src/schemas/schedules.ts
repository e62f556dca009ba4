/** The schedules schemas, defined once in shared (the front ends take their types from them). */
export * from '@trungtam/shared/schemas/schedules';
