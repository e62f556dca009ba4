/**
 * Query strings and path parameters arrive as text; JSON bodies do not, and are never converted (the
 * validator runs without type coercion: `true`, `"1"`, `[1]`, `"0x10"` are not integers).
 *
 * Before validation each query and path value is read as its schema asks, strictly:
 * - an integer from decimal digits only, with an optional leading '-' (`0x10`, `1e3`, ` 1`, `+1`, `1.0`,
 *   `Infinity` stay text and fail validation: a 400 naming the parameter; the range is the schema's);
 * - a boolean from `true` / `false`;
 * - an array parameter from a repeated key (`created_at=a&created_at=b`) or a single one (a one-item array).
 * Anything else is left as it came, for the validator to refuse.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import { hookList } from '../lib/route-hooks';

interface SchemaNode {
  type?: string | string[];
  const?: unknown;
  anyOf?: SchemaNode[];
  items?: SchemaNode;
  properties?: Record<string, SchemaNode>;
}

const DECIMAL_INTEGER = /^-?[0-9]+$/;

interface Accepted {
  types: Set<string>;
  strings: Set<string>;
  anyString: boolean;
}

/** Worked out once per schema node: a route's schemas do not change. */
const acceptedOf = new WeakMap<SchemaNode, Accepted>();

/** The JSON types a (possibly union) schema accepts, and the constants it is limited to when it is. */
function collect(schema: SchemaNode, into: Accepted): Accepted {
  if (schema.anyOf) {
    for (const branch of schema.anyOf) collect(branch, into);
    return into;
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  for (const type of types) into.types.add(type);
  if (types.includes('string')) {
    if (typeof schema.const === 'string') into.strings.add(schema.const);
    else into.anyString = true;
  }
  return into;
}

function accepted(schema: SchemaNode): Accepted {
  let found = acceptedOf.get(schema);
  if (!found) {
    found = collect(schema, { types: new Set(), strings: new Set(), anyString: false });
    acceptedOf.set(schema, found);
  }
  return found;
}

/** One query or path value read as `schema` asks (see above). */
export function fromText(value: unknown, schema: SchemaNode | undefined): unknown {
  if (!schema) return value;
  if (schema.type === 'array') {
    const list = Array.isArray(value) ? value : [value];
    return list.map((item) => fromText(item, schema.items));
  }
  if (typeof value !== 'string') return value;
  const { types, strings, anyString } = accepted(schema);
  if (anyString || strings.has(value)) return value;
  if ((types.has('integer') || types.has('number')) && DECIMAL_INTEGER.test(value)) return Number(value);
  if (types.has('boolean') && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

/** Reads, in place, the values of `target` that `schema` declares (undeclared keys are dropped by the validator). */
export function readText(target: unknown, schema: SchemaNode | undefined): void {
  const properties = schema?.properties;
  if (!properties || !target || typeof target !== 'object') return;
  const values = target as Record<string, unknown>;
  for (const key of Object.keys(values)) {
    if (Object.hasOwn(properties, key)) values[key] = fromText(values[key], properties[key]);
  }
}

/** A route's own reader of its query and path values, for the routes whose schema has either. */
function readerOf(schema: { querystring?: SchemaNode; query?: SchemaNode; params?: SchemaNode } | undefined): preValidationHookHandler | undefined {
  const query = schema?.querystring ?? schema?.query;
  const params = schema?.params;
  if (!query && !params) return undefined;
  return (request: FastifyRequest, _reply, done) => {
    readText(request.query, query);
    readText(request.params, params);
    done();
  };
}

export default fp(async function textInputPlugin(app: FastifyInstance) {
  // Registered before any route: each route with a query or path schema gets its reader, ahead of its own hooks.
  app.addHook('onRoute', (route) => {
    const reader = readerOf(route.schema as Parameters<typeof readerOf>[0]);
    if (reader) route.preValidation = [reader, ...hookList(route.preValidation)];
  });
});
