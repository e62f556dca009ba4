/** HTTP contract of class sessions (`/learning/class-schedule`). Change with the API's schemas. */
export {};
