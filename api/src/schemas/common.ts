/** Schemas every route group uses: envelopes, errors, list parameters. */
import { Type, type TSchema } from 'typebox';
import { MAX_LIST_LIMIT } from '@trungtam/shared/contracts';
import { TEXT } from '../lib/errors';

/** Per-keyword messages the error handler reports for a field (`required`, `minLength`, `pattern`...). */
export type FieldMessages = Partial<Record<'required' | 'minLength' | 'maxLength' | 'pattern' | 'minimum' | 'maximum' | 'type' | 'enum' | 'minItems' | 'default', string>>;
export const msgs = (m: FieldMessages) => ({ 'x-messages': m });

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

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
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1, ...msgs({ default: 'page ≥ 1' }) })),
  sort_column: Type.Optional(Type.String({ maxLength: 64 })),
  sort_type: Type.Optional(Type.String({ pattern: '^(ASC|DESC|asc|desc)$', ...msgs({ default: 'sort_type: ASC | DESC' }) })),
  relationships: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 20 })),
};

export const IdParams = Type.Object({
  id: Type.Integer({ minimum: 1, ...msgs({ default: TEXT.invalidValue }) }),
});

/** Standard error responses, for the OpenAPI document (and so replies are serialised consistently). */
export const errorResponses = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
};

export const ResultBody = Data(Type.Object({ result: Type.Boolean() }));
