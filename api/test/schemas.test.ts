/**
 * The strict-input rule, checked on every registered route: in every request schema (path, query, body,
 * read from the OpenAPI document the app generates) each integer has both bounds, each string a maximum
 * length and the NUL rule, each array a maximum size; no object sits in a union (dropping unknown
 * properties there could drop a branch's own). New routes get the same check without a new test.
 */
import { Type } from 'typebox';
import { StaffCreateBody } from '@trungtam/shared/schemas/users';
import { NUL_CHARACTER } from '@trungtam/shared/schemas/builders';
import { RegisterBody, SelfRegisterBody } from '../src/routes/auth';
import { createTestContext, type TestContext } from './helpers';

type Node = Record<string, unknown> & {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: Node[];
  oneOf?: Node[];
  allOf?: Node[];
  items?: Node;
  properties?: Record<string, Node>;
  not?: Node;
};

const isConstant = (s: Node) => Array.isArray(s.enum) || 'const' in s;

/** The breaches of the rule in `schema` (empty when it complies). */
function breaches(schema: Node | undefined, where: string, inUnion = false): string[] {
  if (!schema) return [`${where}: no schema`];
  if (isConstant(schema)) return [];
  const out: string[] = [];
  for (const key of ['oneOf', 'allOf'] as const) if (schema[key]) out.push(`${where}: ${key} (use anyOf of constants or Nullable)`);
  if (schema.anyOf) return [...out, ...schema.anyOf.flatMap((branch, i) => breaches(branch, `${where}|${i}`, true))];
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  for (const type of types) {
    switch (type) {
      case 'integer':
      case 'number':
        if (typeof schema.minimum !== 'number') out.push(`${where}: ${type} without minimum`);
        if (typeof schema.maximum !== 'number') out.push(`${where}: ${type} without maximum`);
        // a fraction only where it is an exact decimal of declared places (a score: 7.25), checked by the API,
        // or a measurement (a browser's timing, a ratio), which is bucketed or compared, never summed
        if (type === 'number' && schema['x-decimal-places'] !== 2 && schema['x-measurement'] !== true) {
          out.push(`${where}: number without x-decimal-places or x-measurement (requests take integers, two-place decimals or measurements)`);
        }
        break;
      case 'string':
        if (typeof schema.maxLength !== 'number') out.push(`${where}: string without maxLength`);
        if (JSON.stringify(schema.not) !== JSON.stringify(NUL_CHARACTER)) out.push(`${where}: string without the NUL rule (use Text())`);
        break;
      case 'array':
        if (typeof schema.maxItems !== 'number') out.push(`${where}: array without maxItems`);
        out.push(...breaches(schema.items, `${where}[]`));
        break;
      case 'object':
        if (inUnion) out.push(`${where}: object inside a union`);
        for (const [name, property] of Object.entries(schema.properties ?? {})) out.push(...breaches(property, `${where}.${name}`));
        break;
      case 'boolean':
      case 'null':
        break;
      default:
        out.push(`${where}: no type (${JSON.stringify(schema).slice(0, 80)})`);
    }
  }
  return out;
}

interface Operation {
  parameters?: Array<{ in: string; name: string; schema: Node }>;
  requestBody?: { content: Record<string, { schema: Node }> };
}

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

describe('request schemas', () => {
  it('the rule catches what it should', () => {
    expect(breaches(Type.Integer({ minimum: 1 }) as never, 'x')).toEqual(['x: integer without maximum']);
    expect(breaches(Type.String({ maxLength: 5 }) as never, 'x')).toEqual(['x: string without the NUL rule (use Text())']);
    expect(breaches(Type.Object({ a: Type.Array(Type.Unknown()) }) as never, 'x')).toHaveLength(2);
    expect(breaches(Type.Union([Type.Object({}), Type.Null()]) as never, 'x')).toEqual(['x|0: object inside a union']);
  });

  it('bound every integer, string and array of every route', () => {
    const doc = (t.app as unknown as { swagger(): { paths: Record<string, Record<string, Operation>> } }).swagger();
    const found: string[] = [];
    let operations = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        operations += 1;
        const name = `${method.toUpperCase()} ${path}`;
        for (const p of op.parameters ?? []) found.push(...breaches(p.schema, `${name} ${p.in}:${p.name}`));
        for (const [type, content] of Object.entries(op.requestBody?.content ?? {})) found.push(...breaches(content.schema, `${name} body(${type})`));
      }
    }
    // The two shapes POST /auth/register checks after its route schema.
    found.push(...breaches(SelfRegisterBody as never, 'self sign-up'), ...breaches(StaffCreateBody as never, 'staff creation'));
    expect(operations).toBeGreaterThan(25);
    expect(found).toEqual([]);
  });

  it('POST /auth/register names every field of both shapes (what it does not name is dropped first)', () => {
    const names = (s: { properties: Record<string, unknown> }) => Object.keys(s.properties);
    const route = new Set(names(RegisterBody));
    expect([...names(SelfRegisterBody), ...names(StaffCreateBody)].filter((n) => !route.has(n))).toEqual([]);
  });
});
