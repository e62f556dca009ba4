/**
 * Schemas every route group uses: envelopes, errors, list parameters, and the builders of every request
 * value. Input is strict (domain.md): every integer a request carries is bounded to its column, every
 * string has a maximum length and refuses NUL, so bad input is a 400 naming the field and never reaches
 * the database. Request schemas use Id, IdFilter, Int and Text rather than bare Type.Integer/Type.String
 * (test/schemas.test.ts checks every route).
 */
import { Type, type TSchema } from 'typebox';
import { MAX_LIST_LIMIT } from '@trungtam/shared/contracts';
import { TEXT } from '../lib/errors';

export {
  BUILDER_TEXT,
  Id,
  IdFilter,
  Int,
  INT_MAX,
  msgs,
  NUL_CHARACTER,
  Nullable,
  PAGE_MAX,
  SMALLINT_MAX,
  Text,
  type FieldMessages,
  type TextOptions,
} from '@trungtam/shared/schemas/builders';
import { Id, msgs, PAGE_MAX, Text } from '@trungtam/shared/schemas/builders';

export const ErrorBody = Type.Object(
  {
    error: Type.Object({
      code: Type.String(),
      message: Type.String(),
      fields: Type.Optional(Type.Record(Type.String(), Type.String())),
    }),
  },
);

export const Data = <T extends TSchema>(schema: T) => Type.Object({ data: schema });

export const ListOf = <T extends TSchema>(row: T) =>
  Data(
    Type.Object({
      rows: Type.Array(row),
      total_rows: Type.Integer(),
      total_pages: Type.Integer(),
    }),
  );

/** Common list parameters of domain.md. */
export const listQueryProps = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LIST_LIMIT, default: 10, ...msgs({ default: `limit: 1..${MAX_LIST_LIMIT}` }) })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_MAX, default: 1, ...msgs({ default: `page: 1..${PAGE_MAX}` }) })),
  sort_column: Type.Optional(Text(64)),
  sort_type: Type.Optional(Text(4, { pattern: '^(ASC|DESC|asc|desc)$', messages: { default: 'sort_type: ASC | DESC' } })),
  relationships: Type.Optional(Type.Array(Text(200), { maxItems: 20 })),
};

export const IdParams = Type.Object({ id: Id() });

/** Standard error responses, for the OpenAPI document (and so replies are serialised consistently). */
export const errorResponses = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
};

export const ResultBody = Data(Type.Object({ result: Type.Boolean() }));
