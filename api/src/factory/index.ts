/**
 * The resource factory and its steps. `declareResource` turns a declaration into its five routes by
 * composing the steps; a service that writes by hand calls the same steps:
 * - validate (validate.ts): a body against a schema chosen at run time, with the schemas' messages;
 * - authorise (authorise.ts): the signed-in user and the permission gates;
 * - scope (scope.ts): the rows in the user's reach, and the access policy's rules on one row;
 * - transaction (transaction.ts): the write and its audit entries in one transaction, violations as 409s;
 * - audit (audit.ts): the entry itself, secrets redacted.
 */
export * from './audit';
export * from './authorise';
export * from './declare-resource';
export * from './rules';
export * from './scope';
export * from './transaction';
export * from './validate';
export * from './bulk';
export * from './named-entry';
