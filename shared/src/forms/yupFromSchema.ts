/**
 * The yup schema of a form, built from the TypeBox schema the API validates the same record with
 * (shared/src/schemas), so that a form refuses what the API refuses, on the same field, with the same
 * message: each keyword's message is the schema's `x-messages` entry for it, else its `default`, as the
 * API's error handler picks them (api/src/plugins/errors.ts).
 *
 * Formik's value shapes are taken as the forms keep them: a text is trimmed before it is checked (the
 * forms send it trimmed; `untrimmed` names the fields sent as typed, such as a password), '' is "not
 * given" (absent for an optional field, null for a nullable one, missing for a required one), and a
 * number typed into a field may arrive as its text.
 */
import * as yup from 'yup';
import { BUILDER_TEXT, type FieldMessages } from '../schemas/messages';

/** The part of a JSON schema the converter reads (TypeBox builds plain JSON Schema objects). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  not?: JsonSchema;
  'x-messages'?: FieldMessages;
}

export interface YupFromSchemaOptions {
  /** Text fields the form sends as typed (passwords): checked without trimming. */
  untrimmed?: readonly string[];
  /** The fields the form holds, when it fills only part of the body (the rest is added when it is sent). */
  fields?: readonly string[];
}

type Keyword = keyof FieldMessages;

const messagesOf = (schema: JsonSchema): FieldMessages => schema['x-messages'] ?? {};

/** The message of a failed keyword, as the API answers it: the keyword's own, the schema's default, or the generic one. */
const messageFor = (schema: JsonSchema, keyword: Keyword): string => {
  const m = messagesOf(schema);
  return m[keyword] ?? m.default ?? BUILDER_TEXT.invalidValue;
};

/** The message of a required field left out. */
const requiredMessage = (schema: JsonSchema): string => {
  const m = messagesOf(schema);
  return m.required ?? m.default ?? BUILDER_TEXT.fieldRequired;
};

const isNullSchema = (schema: JsonSchema) => schema.type === 'null';

/** A union with null (`Nullable(x)`): its other branch, else undefined. */
function nullableBranch(schema: JsonSchema): JsonSchema | undefined {
  if (!schema.anyOf || !schema.anyOf.some(isNullSchema)) return undefined;
  const others = schema.anyOf.filter((branch) => !isNullSchema(branch));
  if (others.length === 1) return { ...others[0], 'x-messages': { ...messagesOf(others[0]), ...messagesOf(schema) } };
  return { anyOf: others, 'x-messages': messagesOf(schema) };
}

/** The values a union of literals or an enum allows, or undefined when the schema is not such a choice. */
function choicesOf(schema: JsonSchema): unknown[] | undefined {
  if (schema.enum) return schema.enum;
  if (schema.const !== undefined) return [schema.const];
  if (schema.anyOf && schema.anyOf.every((branch) => branch.const !== undefined || branch.enum)) {
    return schema.anyOf.flatMap((branch) => branch.enum ?? [branch.const]);
  }
  return undefined;
}

/** A number as a form holds it (a number, or the text of one); NaN when it is not one. */
const asNumber = (value: unknown): number => (typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN);

interface Field {
  /** The problem of a given value, or null. */
  check: (value: unknown) => string | null;
  /** Whether '' is a value the API takes (a text without a minimum length); else it is "not given". */
  acceptsEmpty: boolean;
}

function textField(schema: JsonSchema, trim: boolean): Field {
  const pattern = schema.pattern !== undefined ? new RegExp(schema.pattern, 'u') : undefined;
  const forbidden = schema.not?.pattern !== undefined ? new RegExp(schema.not.pattern, 'u') : undefined;
  return {
    acceptsEmpty: !schema.minLength,
    check(value) {
      if (typeof value !== 'string') return messageFor(schema, 'type');
      const text = trim ? value.trim() : value;
      if (forbidden?.test(text)) return messageFor(schema, 'not');
      if (text === '' && (schema.minLength || (pattern && !pattern.test(text)))) return requiredMessage(schema);
      // the shape before the length: 'ab@c' is not an address at all, which says more than "too short"
      if (pattern && !pattern.test(text)) return messageFor(schema, 'pattern');
      if (schema.minLength !== undefined && text.length < schema.minLength) return messageFor(schema, 'minLength');
      if (schema.maxLength !== undefined && text.length > schema.maxLength) return messageFor(schema, 'maxLength');
      return null;
    },
  };
}

function numberField(schema: JsonSchema, integer: boolean): Field {
  return {
    acceptsEmpty: false,
    check(value) {
      const number = asNumber(value);
      if (!Number.isFinite(number) || (integer && !Number.isInteger(number))) return messageFor(schema, 'type');
      if (schema.minimum !== undefined && number < schema.minimum) return messageFor(schema, 'minimum');
      if (schema.maximum !== undefined && number > schema.maximum) return messageFor(schema, 'maximum');
      return null;
    },
  };
}

function choiceField(schema: JsonSchema, choices: unknown[]): Field {
  return {
    acceptsEmpty: choices.includes(''),
    check(value) {
      // a select holds a number's text; the choice is the number
      const matches = choices.some((choice) => choice === value || (typeof choice === 'number' && asNumber(value) === choice));
      return matches ? null : messageFor(schema, schema.enum ? 'enum' : 'default');
    },
  };
}

function arrayField(schema: JsonSchema, options: YupFromSchemaOptions): Field {
  const item = schema.items ? fieldOf(schema.items, options, true) : undefined;
  return {
    acceptsEmpty: false,
    check(value) {
      if (!Array.isArray(value)) return messageFor(schema, 'type');
      if (schema.minItems !== undefined && value.length < schema.minItems) return messageFor(schema, 'minItems');
      if (schema.maxItems !== undefined && value.length > schema.maxItems) return messageFor(schema, 'maxItems');
      if (item) {
        for (const element of value) {
          const problem = presentProblem(element ?? null, schema.items!, item, true);
          if (problem) return problem;
        }
      }
      return null;
    },
  };
}

function objectField(schema: JsonSchema, options: YupFromSchemaOptions): Field {
  const fields = Object.entries(schema.properties ?? {}).map(([key, property]) => ({
    key,
    property,
    field: fieldOf(property, options, !(options.untrimmed ?? []).includes(key)),
    required: (schema.required ?? []).includes(key),
  }));
  return {
    acceptsEmpty: false,
    check(value) {
      if (typeof value !== 'object' || value === null) return messageFor(schema, 'type');
      for (const { key, property, field, required } of fields) {
        const problem = presentProblem((value as Record<string, unknown>)[key], property, field, required);
        if (problem) return problem;
      }
      return null;
    },
  };
}

/** A union of other schemas: a value any branch takes passes; else the union's own message. */
function unionField(schema: JsonSchema, options: YupFromSchemaOptions, trim: boolean): Field {
  const branches = (schema.anyOf ?? []).map((branch) => fieldOf(branch, options, trim));
  return {
    acceptsEmpty: branches.some((branch) => branch.acceptsEmpty),
    check: (value) => (branches.some((branch) => branch.check(value) === null) ? null : messageFor(schema, 'default')),
  };
}

function fieldOf(schema: JsonSchema, options: YupFromSchemaOptions, trim: boolean): Field {
  const nonNull = nullableBranch(schema);
  if (nonNull) {
    const field = fieldOf(nonNull, options, trim);
    return { acceptsEmpty: field.acceptsEmpty, check: (value) => (value === null ? null : field.check(value)) };
  }
  const choices = choicesOf(schema);
  if (choices) return choiceField(schema, choices);
  if (schema.anyOf) return unionField(schema, options, trim);
  switch (schema.type) {
    case 'string':
      return textField(schema, trim);
    case 'integer':
      return numberField(schema, true);
    case 'number':
      return numberField(schema, false);
    case 'boolean':
      return { acceptsEmpty: false, check: (value) => (typeof value === 'boolean' ? null : messageFor(schema, 'type')) };
    case 'array':
      return arrayField(schema, options);
    case 'object':
      return objectField(schema, options);
    default:
      return { acceptsEmpty: true, check: () => null };
  }
}

/**
 * The problem of one property's value, or null. '' is "not given" (null for a nullable field) unless
 * the field takes it as a value; a required field not given has the required message.
 */
function presentProblem(value: unknown, property: JsonSchema, field: Field, required: boolean): string | null {
  const nullable = nullableBranch(property) !== undefined;
  const notGiven = value === undefined || value === null || (value === '' && (nullable || !field.acceptsEmpty));
  if (notGiven) return required && !(nullable && value !== undefined) ? requiredMessage(property) : null;
  return field.check(value);
}

/**
 * One property as a yup schema: an object or an array of them is yup's own, so that an item's message
 * shows under the item's field (`items[0].name`, where the API says `items.0.name`); any other value is
 * one test with the API's message.
 */
function propertySchema(property: JsonSchema, required: boolean, options: YupFromSchemaOptions, trim: boolean): yup.AnySchema {
  const inner = nullableBranch(property) ?? property;
  if (inner.type === 'object' && inner.properties) {
    return yup.object(shapeOf(inner, { untrimmed: options.untrimmed })).default(undefined).nullable();
  }
  if (inner.type === 'array' && inner.items) {
    const count = arrayField({ ...inner, items: undefined }, options);
    return yup
      .array()
      .of(propertySchema(inner.items, true, options, trim))
      .transform((value: unknown, original: unknown) => (original === '' ? null : value))
      .nullable()
      .test({
        name: 'api-schema',
        test(value) {
          const problem = presentProblem(value, property, count, required);
          return problem === null ? true : this.createError({ message: problem });
        },
      });
  }
  const field = fieldOf(inner, options, trim);
  return yup.mixed().test({
    name: 'api-schema',
    test(value) {
      const problem = presentProblem(value, property, field, required);
      return problem === null ? true : this.createError({ message: problem });
    },
  });
}

function shapeOf(schema: JsonSchema, options: YupFromSchemaOptions): Record<string, yup.AnySchema> {
  const shape: Record<string, yup.AnySchema> = {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    if (options.fields && !options.fields.includes(key)) continue;
    const trim = !(options.untrimmed ?? []).includes(key);
    shape[key] = propertySchema(property, (schema.required ?? []).includes(key), options, trim);
  }
  return shape;
}

/** The schema whose property is checked by the API: an object schema of shared/src/schemas. */
export interface ObjectJsonSchema extends JsonSchema {
  properties: Record<string, JsonSchema>;
}

/**
 * The yup object schema of a form from the API's write schema: one test per property (or per one of
 * `fields`). Form-only rules go on top with `.shape({...})` or `.test(...)`.
 */
export function yupFromSchema(schema: ObjectJsonSchema, options: YupFromSchemaOptions = {}) {
  return yup.object(shapeOf(schema, options));
}

/** The yup schema of one field from its schema (a form field that holds a part of a body's value). */
export function yupFieldFromSchema(schema: JsonSchema, { required = true, untrimmed = false }: { required?: boolean; untrimmed?: boolean } = {}) {
  return propertySchema(schema, required, {}, !untrimmed);
}
