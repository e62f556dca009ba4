/**
 * Schemas every route group uses: envelopes, errors, list parameters, and the builders of every request
 * value, defined once in shared (shared/src/schemas/builders.ts) so that the front ends take their types
 * from the same schemas. Input is strict (README "Strict input"): every integer a request carries is bounded to its
 * column, every string has a maximum length and refuses NUL, so bad input is a 400 naming the field and
 * never reaches the database. Request schemas use Id, IdFilter, Int and Text rather than bare
 * Type.Integer/Type.String (test/schemas.test.ts checks every route).
 */
export * from '@trungtam/shared/schemas/builders';
