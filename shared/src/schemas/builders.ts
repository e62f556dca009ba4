/**
 * The builders of every request value, shared by the API (which validates with them) and the front ends
 * (which take the request types from the schemas built with them). Input is strict (README "Strict input"): every
 * integer is bounded to its column, every string has a maximum length and refuses NUL.
 */
import { Type, type TProperties, type TSchema } from 'typebox';
import { BULK_LIMIT, BULK_TEXT } from '../contracts/rules/bulk';
import { MAX_LIST_LIMIT } from '../contracts/rules/common';
import { BUILDER_TEXT, type FieldMessages } from './messages';

export { BUILDER_TEXT, type FieldMessages } from './messages';

export const msgs = (m: FieldMessages) => ({ 'x-messages': m });

/** PostgreSQL `integer` (ids, counts) and `smallint` (statuses, small numbers) ranges. */
export const INT_MAX = 2_147_483_647;
export const SMALLINT_MAX = 32_767;
/** The last page a list serves: with the largest limit its offset stays well inside the database's range. */
export const PAGE_MAX = 1_000_000;

type Messages = FieldMessages | string;
const asMessages = (m: Messages): FieldMessages => (typeof m === 'string' ? { default: m } : m);

/** An integer in [minimum, maximum]: both ends are required, so no request integer is unbounded. */
export const Int = (minimum: number, maximum: number, messages?: Messages) =>
  Type.Integer({ minimum, maximum, ...(messages ? msgs(asMessages(messages)) : {}) });

/** A row id: 1 … 2147483647. */
export const Id = (messages: Messages = BUILDER_TEXT.invalidValue) => Int(1, INT_MAX, messages);

/** An id as a list filter or an optional reference, where 0 means "all" / "none": 0 … 2147483647. */
export const IdFilter = (messages: Messages = BUILDER_TEXT.invalidValue) => Int(0, INT_MAX, messages);

/** The NUL rule of every request string: `not` this (PostgreSQL text cannot hold U+0000). */
export const NUL_CHARACTER = Type.String({ pattern: '\\u0000' });

export interface TextOptions {
  minLength?: number;
  pattern?: string;
  messages?: FieldMessages;
}

/** A request string: at most `maxLength` characters, no NUL (a 400 naming the field otherwise). */
export const Text = (maxLength: number, { messages, ...options }: TextOptions = {}) =>
  Type.String({ ...options, maxLength, not: NUL_CHARACTER, ...msgs({ not: BUILDER_TEXT.nulCharacter, ...messages }) });

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

/** The list parameters every list call takes: limit, page, sort_column, sort_type. */
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
  /** Too many attempts: the Retry-After header says how long to wait. */
  429: ErrorBody,
};

export const ResultBody = Data(Type.Object({ result: Type.Boolean() }));

// ---------------------------------------------------------------- bulk actions (contracts.ts: BULK_LIMIT)

/** The ids of a bulk call: 1 … BULK_LIMIT positive ids. */
export const BulkIds = Type.Array(Id(BULK_TEXT.ids), { minItems: 1, maxItems: BULK_LIMIT, ...msgs({ default: BULK_TEXT.ids }) });

/**
 * A bulk call's body: `ids` (the rows chosen) or `filter` (the list's own filters: every row they match,
 * at most BULK_LIMIT), exactly one of them, plus the action's own fields (`extra`).
 */
export const BulkBody = <F extends TProperties, E extends TProperties = Record<never, never>>(filterProps: F, extra?: E) =>
  Type.Object({ ids: Type.Optional(BulkIds), filter: Type.Optional(Type.Object(filterProps)), ...((extra ?? {}) as E) });

/** Restoring rows deleted a moment ago: their ids. */
export const RestoreBody = Type.Object({ ids: BulkIds });

/** A bulk action's answer: the ids done and each refusal with its reason. */
export const BulkResultBody = Data(Type.Object({ succeeded: Type.Array(Type.Integer()), refused: Type.Array(Type.Object({ id: Type.Integer(), reason: Type.String() })) }));
