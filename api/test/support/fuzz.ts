/**
 * Malformed requests for every operation of the API, generated from the OpenAPI document the app itself
 * serves: wrong types, integers outside their range, numbers written as hex or exponents, NUL bytes,
 * over-long strings, prototype keys, unknown properties, missing required fields, bodies that are not
 * objects or not JSON, bad URLs. Used by test/fuzz.test.ts (a few hundred requests) and by
 * bench/fuzz-api.ts (tens of thousands). Deterministic for a given seed.
 *
 * Every request says what it must get: a request that breaks its schema or a whitelist must be refused
 * (a 400 naming the field when sent as an administrator; a 401 for a route that needs a token when sent
 * without one). Writes are only ever sent broken, so none may succeed: with the database snapshot
 * (./snapshot.ts) that shows bad input never changes a row.
 */
import type { FastifyInstance } from 'fastify';

// ------------------------------------------------------------------------------------------- the document

export interface SchemaNode {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: SchemaNode[];
  items?: SchemaNode;
  properties?: Record<string, SchemaNode>;
  required?: string[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  nullable?: boolean;
  /** A measurement or a ratio: any fraction within its bounds. */
  'x-measurement'?: boolean;
}

interface OpenApiOperation {
  parameters?: Array<{ in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema: SchemaNode }>;
  requestBody?: { content: Record<string, { schema: SchemaNode }> };
  security?: Array<Record<string, unknown>>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  security?: Array<Record<string, unknown>>;
}

export interface Operation {
  /** 'PUT /api/v1/user/update' */
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  params: Record<string, SchemaNode>;
  query: Record<string, SchemaNode>;
  body?: SchemaNode;
  /** Whether the route also reads its JSON body sent as text/plain. */
  takesPlainText: boolean;
  /** Whether the route answers without a token (its security lists an empty requirement). */
  anonymous: boolean;
  write: boolean;
}

/** The operations of the document (GET /health and the docs pages aside: they take no input). */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/v1/')) continue;
    for (const [m, op] of Object.entries(methods)) {
      const method = m.toUpperCase() as Operation['method'];
      const params: Record<string, SchemaNode> = {};
      const query: Record<string, SchemaNode> = {};
      for (const p of op.parameters ?? []) {
        if (p.in === 'path') params[p.name] = p.schema;
        if (p.in === 'query') query[p.name] = p.schema;
      }
      const security = op.security ?? doc.security ?? [];
      out.push({
        name: `${method} ${path}`,
        method,
        path,
        params,
        query,
        body: op.requestBody?.content['application/json']?.schema,
        takesPlainText: Boolean(op.requestBody?.content['text/plain']),
        anonymous: security.length === 0 || security.some((s) => Object.keys(s).length === 0),
        write: method !== 'GET',
      });
    }
  }
  return out;
}

// ------------------------------------------------------------------------------------------- requests

export type Caller = 'admin' | 'anonymous';

export interface FuzzRequest {
  operation: string;
  caller: Caller;
  method: Operation['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** What was broken, e.g. 'body.roles.0.id: integer as true'. */
  label: string;
  /** The statuses it may get; undefined: anything under 500 (a request that breaks nothing). */
  expect?: number[];
  /** The fields one of which a 400 must name (a 400 always names the field). */
  fields?: string[];
}

/** A value written into the JSON text as is (1e309, 9007199254740993: JSON.stringify cannot write them). */
class Raw {
  constructor(readonly text: string) {}
}

const RAW_MARK = '\u0001raw:';

/** JSON text of a body that may hold Raw values. */
function toJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v) => {
    if (v instanceof Raw) {
      raws.push(v.text);
      return `${RAW_MARK}${raws.length - 1}`;
    }
    return v;
  });
  return text.replace(new RegExp(`"${RAW_MARK}(\\d+)"`, 'g'), (_m, i) => raws[Number(i)]);
}

/** The property names a generated body adds to probe the "unknown properties are dropped" rule. */
export const UNKNOWN_PROPERTIES: Record<string, unknown> = {
  password_hash: 'x',
  passwordHash: 'x',
  token_version: 999,
  tokenVersion: 999,
  role_id: 1,
  deleted_at: '2000-01-01',
  is_admin: true,
};
const PROTOTYPE_WORDS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];
/** Query parameters checked against a whitelist of own names by every list route. */
const WHITELISTED = new Set(['sort_column']);

interface Accepts {
  types: Set<string>;
  constants: unknown[];
  nullable: boolean;
}

function accepts(schema: SchemaNode, into: Accepts = { types: new Set(), constants: [], nullable: false }): Accepts {
  if (schema.anyOf) {
    for (const branch of schema.anyOf) accepts(branch, into);
    return into;
  }
  if (schema.nullable || schema.type === 'null') into.nullable = true;
  if (Array.isArray(schema.enum)) {
    for (const v of schema.enum) (v === null ? (into.nullable = true) : into.constants.push(v));
    return into;
  }
  if (schema.const !== undefined) {
    into.constants.push(schema.const);
    return into;
  }
  for (const t of Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []) if (t !== 'null') into.types.add(t);
  return into;
}

/** The main shape of a schema: 'integer', 'string', 'boolean', 'array', 'object', 'enum'. */
function kindOf(schema: SchemaNode): string {
  const a = accepts(schema);
  if (a.types.size === 0 && a.constants.length) return 'enum';
  for (const k of ['object', 'array', 'integer', 'number', 'string', 'boolean']) if (a.types.has(k)) return k === 'number' ? 'integer' : k;
  return 'unknown';
}

/** The first non-null branch of a union. */
function mainBranch(schema: SchemaNode): SchemaNode {
  if (!schema.anyOf) return schema;
  const branch = schema.anyOf.find((b) => !(b.nullable && b.enum?.[0] === null) && b.type !== 'null') ?? schema.anyOf[0];
  return mainBranch(branch);
}

/** A value the schema (probably) accepts. */
export function sample(schema: SchemaNode): unknown {
  const s = mainBranch(schema);
  if (Array.isArray(s.enum)) return s.enum.find((v) => v !== null) ?? null;
  if (s.const !== undefined) return s.const;
  switch (kindOf(s)) {
    case 'integer': {
      const min = s.minimum ?? 0;
      const max = s.maximum ?? 1000;
      return Math.min(Math.max(1, min), max);
    }
    case 'string': {
      const p = s.pattern ?? '';
      if (p.includes('@')) return 'fuzz@example.vn';
      if (p.includes('ASC')) return 'ASC';
      if (p.includes('\\d{4}')) return '2026-01-05';
      // a path (an area's route pattern)
      if (p.startsWith('^/')) return '/a';
      return 'a'.repeat(Math.max(1, s.minLength ?? 1));
    }
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => sample(s.items ?? {}));
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const name of s.required ?? []) out[name] = sample(s.properties?.[name] ?? {});
      return out;
    }
    default:
      return null;
  }
}

/** A value of a JSON type the schema does not take at all. */
function wrongType(schema: SchemaNode): unknown {
  const a = accepts(schema);
  const types = new Set(a.types);
  for (const c of a.constants) types.add(typeof c === 'number' ? 'integer' : typeof c);
  if (!types.has('boolean')) return true;
  if (!types.has('integer') && !types.has('number')) return 12345;
  if (!types.has('string')) return 'x';
  return [];
}

interface Mutation {
  label: string;
  value: unknown;
  /** Breaks the schema or a whitelist (false: an odd value the route may accept). */
  invalid: boolean;
}

/** Bad JSON values for a body field of this schema. */
function jsonMutations(schema: SchemaNode): Mutation[] {
  const s = mainBranch(schema);
  const a = accepts(schema);
  const kind = kindOf(schema);
  const out: Mutation[] = [];
  const bad = (label: string, value: unknown) => out.push({ label, value, invalid: true });
  if (!a.nullable) bad('null', null);
  switch (kind) {
    case 'integer': {
      bad('true', true);
      bad('"1"', '1');
      bad('[1]', [1]);
      bad('"0x10"', '0x10');
      // a decimal field (a score) takes 1.5, not three decimals; an integer neither; a measurement any fraction
      if (a.types.has('number') && !a.types.has('integer')) {
        if (s['x-measurement'] !== true) bad('1.001', 1.001);
      } else bad('1.5', 1.5);
      bad('{}', {});
      bad('"Infinity"', 'Infinity');
      bad('1e309', new Raw('1e309'));
      bad('-1e309', new Raw('-1e309'));
      bad('2^53+1', new Raw('9007199254740993'));
      if (s.maximum !== undefined) bad('maximum + 1', s.maximum + 1);
      if (s.minimum !== undefined) bad('minimum - 1', s.minimum - 1);
      if ((s.maximum ?? Infinity) < 2147483648) bad('2147483648', 2147483648);
      if ((s.minimum ?? -Infinity) > -1) bad('-1', -1);
      break;
    }
    case 'string': {
      bad('NUL', `${String(sample(s))}\u0000`);
      bad('NUL only', '\u0000');
      bad('over-long', 'x'.repeat((s.maxLength ?? 100_000) + 1));
      bad('number', 1);
      bad('true', true);
      bad('[]', []);
      bad('{}', {});
      if ((s.minLength ?? 0) > 1) bad('too short', 'x'.repeat((s.minLength ?? 1) - 1));
      break;
    }
    case 'enum': {
      const constant = a.constants[0];
      if (typeof constant === 'number') {
        bad('"<constant>"', String(constant));
        bad('true', true);
        bad('not listed', 987654);
      } else {
        bad('not listed', 'zz-not-listed');
        bad('NUL', `${String(constant)}\u0000`);
        bad('number', 1);
        bad('upper case', String(constant).toUpperCase() === constant ? `${constant}x` : String(constant).toUpperCase());
      }
      bad('[constant]', [constant]);
      break;
    }
    case 'boolean':
      bad('"true"', 'true');
      bad('1', 1);
      break;
    case 'array': {
      bad('object', {});
      bad('string', 'a');
      bad('number', 1);
      if (s.maxItems !== undefined) bad('maxItems + 1', Array.from({ length: s.maxItems + 1 }, () => sample(s.items ?? {})));
      break;
    }
    case 'object':
      bad('string', 'x');
      bad('array', []);
      bad('number', 1);
      break;
    default:
      break;
  }
  return out;
}

/** Bad text values for a query or path parameter of this schema (a string[] is a repeated key). */
function textMutations(schema: SchemaNode, name: string, where: 'query' | 'path'): Mutation[] {
  const s = mainBranch(schema);
  const a = accepts(schema);
  const kind = kindOf(schema);
  const out: Mutation[] = [];
  const bad = (label: string, value: string | string[]) => out.push({ label, value, invalid: true });
  const odd = (label: string, value: string | string[]) => out.push({ label, value, invalid: false });
  switch (kind) {
    case 'integer':
    case 'enum': {
      const numeric = kind === 'integer' || a.constants.some((c) => typeof c === 'number');
      if (!numeric) {
        bad('not listed', 'zz-not-listed');
        bad('NUL', `${String(a.constants[0])}\u0000`);
        break;
      }
      for (const text of ['0x10', '1e3', ' 1', '1 ', '+1', '1.0', '1.5', 'Infinity', '-Infinity', 'NaN', '1e309', 'abc', 'true', '1,2', '\uff11', '1\u0000', '__proto__', 'constructor']) {
        bad(JSON.stringify(text), text);
      }
      // (past an id's column, for a parameter that is one: an amount such as min_owed goes further)
      if (kind === 'enum' || (s.maximum ?? Infinity) < 2147483648) bad('2147483648', '2147483648');
      bad('9'.repeat(30), '9'.repeat(30));
      bad('-1', '-1');
      if (s.maximum !== undefined) bad('maximum + 1', String(s.maximum + 1));
      if (s.minimum !== undefined) bad('minimum - 1', String(s.minimum - 1));
      if (where === 'query') bad('repeated', ['1', '2']);
      if (where === 'query') bad('empty', '');
      break;
    }
    case 'boolean':
      for (const text of ['yes', '1', 'TRUE', '', 'true\u0000']) bad(JSON.stringify(text), text);
      bad('repeated', ['true', 'false']);
      break;
    case 'string':
      bad('NUL', `a\u0000b`);
      bad('over-long', 'x'.repeat((s.maxLength ?? 100_000) + 1));
      if (where === 'query') bad('repeated', ['a', 'b']);
      for (const word of PROTOTYPE_WORDS) (WHITELISTED.has(name) ? bad : odd)(word, word);
      odd('lone surrogate', '\ud800');
      odd('SQL', "' OR 1=1 --");
      odd('LIKE wildcards', '%_\\');
      break;
    case 'array': {
      const items = mainBranch(s.items ?? {});
      if (s.maxItems !== undefined) bad('maxItems + 1', Array.from({ length: s.maxItems + 1 }, () => String(sample(items))));
      bad('NUL item', ['a\u0000']);
      if (items.maxLength !== undefined) bad('over-long item', ['x'.repeat(items.maxLength + 1)]);
      for (const word of PROTOTYPE_WORDS) odd(word, [word]);
      odd('comma list of prototype words', [PROTOTYPE_WORDS.join(',')]);
      break;
    }
    default:
      break;
  }
  return out;
}

// ------------------------------------------------------------------------------------------- generation

/** A small seeded generator (mulberry32). */
export function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick<T>(list: readonly T[]): T {
      return list[Math.floor(next() * list.length)];
    },
    shuffle<T>(list: T[]): T[] {
      for (let i = list.length - 1; i > 0; i -= 1) {
        const j = Math.floor(next() * (i + 1));
        [list[i], list[j]] = [list[j], list[i]];
      }
      return list;
    },
  };
}

/** One change to a request: where, what, and whether it breaks the schema. */
interface Change {
  label: string;
  invalid: boolean;
  /** The field a 400 names for it (undefined: the request is refused as a whole). */
  field?: string;
  /** Statuses for the administrator when this change alone breaks the request (default [400]). */
  status?: number[];
  /** Whether it is refused before the route runs, token or not (a bad URL). */
  beforeAuth?: boolean;
  apply(draft: Draft): void;
}

interface Draft {
  params: Record<string, { text: string; raw?: boolean }>;
  query: Array<[string, string]>;
  body?: unknown;
  /** The body's text as sent, overriding `body`. */
  bodyText?: string;
  contentType?: string;
  noBody?: boolean;
}

function setIn(target: unknown, path: Array<string | number>, value: unknown): void {
  let node = target as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1]] = value;
}

function deleteIn(target: unknown, path: Array<string | number>): void {
  let node = target as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  delete node[path[path.length - 1]];
}

/** Every field of a body schema, with its path and schema (array items through index 0). */
function bodyFields(schema: SchemaNode, path: Array<string | number> = []): Array<{ path: Array<string | number>; schema: SchemaNode; parentRequired: boolean }> {
  const s = mainBranch(schema);
  const out: Array<{ path: Array<string | number>; schema: SchemaNode; parentRequired: boolean }> = [];
  for (const [name, property] of Object.entries(s.properties ?? {})) {
    const here = [...path, name];
    out.push({ path: here, schema: property, parentRequired: (s.required ?? []).includes(name) });
    const p = mainBranch(property);
    if (kindOf(p) === 'array' && p.items && kindOf(p.items) === 'object') {
      out.push(...bodyFields(p.items, [...here, 0]));
    } else if (kindOf(p) === 'object') {
      out.push(...bodyFields(p, here));
    }
  }
  return out;
}

/** The changes that can be made to one operation's request. */
export function changesFor(op: Operation): Change[] {
  const changes: Change[] = [];

  for (const [name, schema] of Object.entries(op.params)) {
    for (const m of textMutations(schema, name, 'path')) {
      changes.push({
        label: `path.${name}: ${m.label}`,
        invalid: true,
        field: name,
        apply: (d) => (d.params[name] = { text: String(m.value) }),
      });
    }
    changes.push({ label: `path.${name}: empty`, invalid: true, status: [400, 404], apply: (d) => (d.params[name] = { text: '' }) });
    changes.push({ label: `path.${name}: 101 digits`, invalid: true, beforeAuth: true, apply: (d) => (d.params[name] = { text: '1'.repeat(101) }) });
    changes.push({ label: `path.${name}: bad percent-encoding`, invalid: true, beforeAuth: true, apply: (d) => (d.params[name] = { text: '%E0%A4%A', raw: true }) });
  }

  for (const [name, schema] of Object.entries(op.query)) {
    for (const m of textMutations(schema, name, 'query')) {
      const values = Array.isArray(m.value) ? (m.value as string[]) : [String(m.value)];
      changes.push({
        label: `query.${name}: ${m.label}`,
        invalid: m.invalid,
        field: name,
        apply: (d) => {
          d.query = d.query.filter(([k]) => k !== name);
          for (const v of values) d.query.push([name, v]);
        },
      });
    }
  }
  if (Object.keys(op.query).length) {
    changes.push({ label: 'query: unknown parameters', invalid: false, apply: (d) => d.query.push(['password_hash', 'x'], ['__proto__', '1'], ['constructor', 'x'], ['limit[]', '1']) });
  }

  if (op.body) {
    const base = sample(op.body);
    for (const { path, schema, parentRequired } of bodyFields(op.body)) {
      const field = path.join('.');
      for (const m of jsonMutations(schema)) {
        changes.push({ label: `body.${field}: ${m.label}`, invalid: m.invalid, field, apply: (d) => ensurePath(d, path, m.value) });
      }
      if (parentRequired) {
        changes.push({ label: `body.${field}: missing`, invalid: true, field, apply: (d) => { ensurePath(d, path, null); deleteIn(d.body, path); } });
      }
    }
    const json = (label: string, text: string, field?: string) =>
      changes.push({ label: `body: ${label}`, invalid: true, field, apply: (d) => { d.bodyText = text; } });
    json('null', 'null', '_body');
    json('a string', '"x"', '_body');
    json('a number', '1', '_body');
    json('true', 'true', '_body');
    json('an array', '[]', '_body');
    json('an array of the object', `[${toJson(base)}]`, '_body');
    json('empty', '');
    json('not JSON', '{');
    json('__proto__ key', toJson(base).replace(/^\{/, '{"__proto__":{"polluted":true},').replace(',}', '}'));
    json('constructor.prototype key', toJson(base).replace(/^\{/, '{"constructor":{"prototype":{"polluted":true}},').replace(',}', '}'));
    // a route that takes its JSON as text/plain too (the telemetry beacons) reads this body as any other
    if (!op.takesPlainText) changes.push({ label: 'body: text/plain', invalid: true, field: '_body', apply: (d) => { d.contentType = 'text/plain'; d.bodyText = toJson(base); } });
    changes.push({ label: 'body: form-encoded', invalid: true, status: [415], apply: (d) => { d.contentType = 'application/x-www-form-urlencoded'; d.bodyText = 'a=1'; } });
    changes.push({ label: 'body: none', invalid: true, field: '_body', apply: (d) => { d.noBody = true; } });
    changes.push({
      label: 'body: unknown properties',
      invalid: false,
      apply: (d) => Object.assign(d.body as object, UNKNOWN_PROPERTIES),
    });
  }
  return changes;

  function ensurePath(d: Draft, path: Array<string | number>, value: unknown) {
    // Array items (index 0) need the array and the item to exist first.
    let node = d.body as Record<string | number, unknown>;
    for (let i = 0; i < path.length - 1; i += 1) {
      const key = path[i];
      if (node[key] === undefined || node[key] === null || typeof node[key] !== 'object') node[key] = typeof path[i + 1] === 'number' ? [] : {};
      node = node[key] as Record<string | number, unknown>;
    }
    setIn(d.body, path, value);
  }
}

function baseDraft(op: Operation): Draft {
  const params: Draft['params'] = {};
  for (const [name, schema] of Object.entries(op.params)) params[name] = { text: String(sample(schema)) };
  return { params, query: [], body: op.body ? sample(op.body) : undefined };
}

/** A change that surely breaks the request: to make an odd (valid) change into a refused write. */
function guaranteedBreak(op: Operation): Change | undefined {
  if (op.body) {
    const [name, schema] = Object.entries(mainBranch(op.body).properties ?? {})[0] ?? [];
    if (name) return { label: `body.${name}: wrong type`, invalid: true, field: name, apply: (d) => setIn(d.body, [name], wrongType(schema)) };
  }
  const [param, schema] = Object.entries(op.params)[0] ?? [];
  if (param && schema) return { label: `path.${param}: "0x10"`, invalid: true, field: param, apply: (d) => (d.params[param] = { text: '0x10' }) };
  return undefined;
}

/** Percent-encoding that also writes a lone surrogate (as its WTF-8 bytes: not valid UTF-8). */
function encode(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    else out += encodeURIComponent(ch);
  }
  return out;
}

function build(op: Operation, caller: Caller, changes: Change[]): FuzzRequest | undefined {
  if (op.write && !changes.some((c) => c.invalid)) {
    const extra = guaranteedBreak(op);
    if (!extra) return undefined;
    changes = [...changes, extra];
  }
  const draft = baseDraft(op);
  for (const c of changes) c.apply(draft);

  let url = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const p = draft.params[name];
    return p.raw ? p.text : encode(p.text);
  });
  if (draft.query.length) url += `?${draft.query.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')}`;
  const headers: Record<string, string> = {};
  if (caller === 'admin') headers.authorization = 'Bearer <admin>';
  let payload: string | undefined;
  if (op.body && !draft.noBody) {
    payload = draft.bodyText ?? toJson(draft.body);
    headers['content-type'] = draft.contentType ?? 'application/json';
  }

  const invalid = changes.filter((c) => c.invalid);
  let expect: number[] | undefined;
  let fields: string[] | undefined;
  if (invalid.length) {
    if (invalid.some((c) => c.beforeAuth)) expect = [400];
    else if (caller === 'anonymous' && !op.anonymous) expect = invalid.some((c) => c.status?.includes(404)) ? [401, 404] : [401];
    else if (invalid.length === 1 && invalid[0].status) expect = invalid[0].status;
    else {
      expect = invalid.every((c) => c.status === undefined) ? [400] : [...new Set(invalid.flatMap((c) => c.status ?? [400]))];
      // The 400 names one of the fields changed (an odd value next to a broken one may be the one refused).
      if (invalid.every((c) => c.field !== undefined)) fields = changes.flatMap((c) => (c.field === undefined ? [] : [c.field]));
    }
  }
  return {
    operation: op.name,
    caller,
    method: op.method,
    url,
    headers,
    payload,
    label: changes.map((c) => c.label).join(' + '),
    expect,
    fields,
  };
}

export interface GenerateOptions {
  seed: number;
  /**
   * 'each': per operation and caller, one request per kind of change (its field or parameter picked at
   * random), then up to `perOperation` of them; 'all': every change once. Without a token, a route that
   * needs one gets 3 either way (it refuses everything alike).
   */
  mode: 'each' | 'all';
  perOperation?: number;
  /** Extra requests combining 2–3 random changes, per operation and caller (default 0). */
  combined?: number;
  /** Extra combined requests over random operations (80 % as the administrator), in all (default 0). */
  randomCombined?: number;
}

/** The changes that combine: field-level ones (whole-body and URL changes do not). */
const combinable = (changes: Change[]) => changes.filter((c) => c.field !== undefined && c.field !== '_body' && !c.beforeAuth && !c.status);

/** A request of 2–3 random field-level changes on distinct targets (none when the operation has too few). */
function combine(op: Operation, changes: Change[], caller: Caller, rnd: ReturnType<typeof random>): FuzzRequest | undefined {
  const pool = combinable(changes);
  if (pool.length < 2) return undefined;
  const picked = new Map<string, Change>();
  const n = 2 + rnd.int(2);
  for (let k = 0; k < n * 3 && picked.size < n; k += 1) {
    const c = rnd.pick(pool);
    const target = c.label.split(':')[0];
    if (![...picked.keys()].some((t) => t.startsWith(target) || target.startsWith(t))) picked.set(target, c);
  }
  return build(op, caller, [...picked.values()]);
}

/** The requests for every operation of `doc`. */
export function generate(doc: OpenApiDocument, options: GenerateOptions): FuzzRequest[] {
  const rnd = random(options.seed);
  const out: FuzzRequest[] = [];
  const operations = operationsOf(doc).map((op) => ({ op, changes: changesFor(op) }));
  for (const { op, changes } of operations) {
    for (const caller of ['admin', 'anonymous'] as const) {
      let chosen: Change[];
      if (options.mode === 'all') {
        chosen = rnd.shuffle([...changes]);
      } else {
        // One change per kind ("integer as true", "NUL", ...), on a random field of that kind.
        const byKind = new Map<string, Change[]>();
        for (const c of changes) {
          const kind = c.label.replace(/^[^:]*: /, '');
          byKind.set(kind, [...(byKind.get(kind) ?? []), c]);
        }
        chosen = rnd.shuffle([...byKind.values()].map((list) => rnd.pick(list))).slice(0, options.perOperation ?? Infinity);
      }
      if (caller === 'anonymous' && !op.anonymous) chosen = chosen.slice(0, 3);
      for (const c of chosen) {
        const request = build(op, caller, [c]);
        if (request) out.push(request);
      }
      for (let i = 0; i < (options.combined ?? 0); i += 1) {
        const request = combine(op, changes, caller, rnd);
        if (request) out.push(request);
      }
    }
  }
  const pool = operations.filter(({ changes }) => combinable(changes).length >= 2);
  for (let i = 0; i < (options.randomCombined ?? 0) && pool.length; ) {
    const { op, changes } = rnd.pick(pool);
    const request = combine(op, changes, rnd.next() < 0.8 ? 'admin' : 'anonymous', rnd);
    if (request) {
      out.push(request);
      i += 1;
    }
  }
  return out;
}

// ------------------------------------------------------------------------------------------- sending

export interface FuzzResult {
  request: FuzzRequest;
  status: number;
  /** What is wrong with the answer (empty: as expected). */
  problems: string[];
}

/** Sends one request (the admin token filled in) and judges the answer. */
export async function send(app: FastifyInstance, request: FuzzRequest, adminToken: string): Promise<FuzzResult> {
  const headers = { ...request.headers };
  if (headers.authorization) headers.authorization = `Bearer ${adminToken}`;
  let status = 0;
  let body = '';
  try {
    const res = await app.inject({ method: request.method, url: request.url, headers, ...(request.payload !== undefined ? { payload: request.payload } : {}) });
    status = res.statusCode;
    body = res.body;
  } catch (error) {
    return { request, status: 0, problems: [`no complete answer: ${(error as Error).message}`] };
  }
  return { request, status, problems: judge(request, status, body) };
}

export function judge(request: FuzzRequest, status: number, body: string): string[] {
  const problems: string[] = [];
  if (status >= 500) problems.push(`answered ${status}`);
  let parsed: { error?: { code?: unknown; message?: unknown; fields?: Record<string, string> } } | undefined;
  if (status >= 400) {
    try {
      parsed = JSON.parse(body);
    } catch {
      /* judged below */
    }
    if (typeof parsed?.error?.code !== 'string' || typeof parsed.error.message !== 'string') {
      problems.push(`${status} without the error body: ${body.slice(0, 120)}`);
    }
  }
  if (request.expect && !request.expect.includes(status)) problems.push(`answered ${status}, expected ${request.expect.join(' or ')}`);
  if (request.fields && status === 400) {
    const named = Object.keys(parsed?.error?.fields ?? {});
    const names = (f: string) => named.some((k) => k === f || k.startsWith(`${f}.`) || f.startsWith(`${k}.`));
    if (!request.fields.some(names)) problems.push(`400 names ${named.join(', ') || 'no field'}, not ${request.fields.join(' / ')}`);
  }
  return problems;
}

/** Counts of statuses, and of ≥ 500 answers per operation. */
export function tally(results: FuzzResult[]) {
  const byStatus: Record<string, number> = {};
  const serverErrors: Record<string, number> = {};
  for (const r of results) {
    byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
    if (r.status >= 500 || r.status === 0) serverErrors[r.request.operation] = (serverErrors[r.request.operation] ?? 0) + 1;
  }
  return { byStatus, serverErrors };
}
