/** HTTP contract of notifications (`/notifications`). Change with the API's schemas. */
export {};
