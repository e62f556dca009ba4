/**
 * What the API keeps in memory (roles with their permissions, list totals, list pages and the boundaries
 * of deep pages) never outlives a change: a second API instance over the same database, with caches of
 * its own, sees every change made through the first from its very next request.
 */
import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, ilike, isNull, sql } from 'drizzle-orm';
import { ACCOUNT_STATUS } from '@trungtam/shared/contracts';
import { buildApp } from '../src/app';
import { roles, users } from '../src/db/schema';
import { PAGE_ANCHOR_STEP } from '../src/db/cached-list';
import { USER_SORT_COLUMNS } from '../src/services/users';
import { USER_TYPES } from '@trungtam/shared/permissions';
import { ListOf } from '@trungtam/shared/schemas/builders';
import { UserRecord as UserSchema } from '@trungtam/shared/schemas/records';
import { call, DEMO_ACCOUNTS, login, setUpTestApp, userIdByEmail } from './helpers';

const ctx = setUpTestApp();
/** The second instance: the same database, caches of its own. */
let other: FastifyInstance;

beforeAll(async () => {
  other = await buildApp({ db: ctx.t.database, config: ctx.t.config });
});
afterAll(async () => {
  await other?.close();
});

const list = (app: FastifyInstance, query: string, token: string) => call(app, 'GET', `/user/list?${query}`, token);

interface RoleBody {
  id: number;
  name: string;
  guard_name: string;
  permissions: Array<{ id: number; resource: string; action: string }>;
}

describe('caches on two API instances over one database', () => {
  it('a permission taken from a role is refused on the next request, on both instances', async () => {
    const { academicAffair: token, admin } = ctx.tok;
    // both instances have the giáo vụ's role cached
    for (const app of [ctx.t.app, other]) expect((await list(app, 'type=student&limit=5', token)).statusCode).toBe(200);
    const me = (await call(other, 'GET', '/user/get-by-token', token)).json().data;
    const role: RoleBody = (await call(ctx.t.app, 'GET', `/system/role/show/${me.roles[0].id}`, admin)).json().data;
    const without = role.permissions.filter((p) => !(p.resource === 'User' && p.action === 'GetAll'));
    const body = (permissions: RoleBody['permissions']) => ({ id: role.id, name: role.name, guard_name: role.guard_name, permissions: permissions.map((p) => ({ id: p.id })) });

    expect((await call(ctx.t.app, 'PUT', '/system/role/update', admin, body(without))).statusCode).toBe(200);
    for (const app of [other, ctx.t.app]) {
      expect((await list(app, 'type=student&limit=5', token)).statusCode).toBe(403);
      const roles = (await call(app, 'GET', '/user/get-by-token', token)).json().data.roles;
      expect(roles[0].permissions.some((p: { resource: string; action: string }) => p.resource === 'User' && p.action === 'GetAll')).toBe(false);
    }

    expect((await call(other, 'PUT', '/system/role/update', admin, body(role.permissions))).statusCode).toBe(200);
    for (const app of [ctx.t.app, other]) expect((await list(app, 'type=student&limit=5', token)).statusCode).toBe(200);
  });

  it('a renamed role shows in the next list of its accounts', async () => {
    const { admin } = ctx.tok;
    const before = (await list(other, 'type=teacher&limit=1', admin)).json().data.rows[0].roles[0];
    const role: RoleBody = (await call(ctx.t.app, 'GET', `/system/role/show/${before.id}`, admin)).json().data;
    const renamed = { id: role.id, name: `${role.name} (mới)`, guard_name: role.guard_name, permissions: role.permissions.map((p) => ({ id: p.id })) };
    expect((await call(ctx.t.app, 'PUT', '/system/role/update', admin, renamed)).statusCode).toBe(200);
    expect((await list(other, 'type=teacher&limit=1', admin)).json().data.rows[0].roles[0].name).toBe(renamed.name);
  });

  it('a locked account and an ended session are refused on the next request of the other instance', async () => {
    const { admin } = ctx.tok;
    const teacher = await login(ctx.t.app, DEMO_ACCOUNTS.teacher);
    expect((await call(other, 'GET', '/user/get-by-token', teacher)).statusCode).toBe(200);
    const id = await userIdByEmail(ctx.t.app, admin, DEMO_ACCOUNTS.teacher);
    const row = (await call(ctx.t.app, 'GET', `/user/show/${id}`, admin)).json().data;
    const update = (status: number) => ({ id, name: row.name, email: row.email, phone_number: row.phone_number, status });
    expect((await call(ctx.t.app, 'PUT', '/user/update', admin, update(ACCOUNT_STATUS.LOCKED))).statusCode).toBe(200);
    expect((await call(other, 'GET', '/user/get-by-token', teacher)).statusCode).toBe(401);
    expect((await call(ctx.t.app, 'PUT', '/user/update', admin, update(ACCOUNT_STATUS.ACTIVE))).statusCode).toBe(200);

    const again = await login(other, DEMO_ACCOUNTS.teacher);
    expect((await call(other, 'GET', '/user/get-by-token', again)).statusCode).toBe(200);
    expect((await call(ctx.t.app, 'POST', '/auth/logout', again)).statusCode).toBe(200);
    expect((await call(other, 'GET', '/user/get-by-token', again)).statusCode).toBe(401);
  });

  it('a created or deleted account shows in the next total and page of the other instance', async () => {
    const { admin } = ctx.tok;
    const query = 'type=teacher&limit=5&page=1';
    const before = (await list(other, query, admin)).json().data;
    const created = await call(ctx.t.app, 'POST', '/auth/register', admin, {
      email: 'gv.bo.dem@trungtam.vn', name: 'Giáo viên Bộ Đếm', password: 'matkhau123', type: 'teacher', phone_number: '0987000222',
      status: 1, roles: [{ id: before.rows[0].roles[0].id }], center_id: 0,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.data.id;
    const after = (await list(other, query, admin)).json().data;
    expect(after.total_rows).toBe(before.total_rows + 1);
    expect(after.rows[0].id).toBe(id);

    expect((await call(ctx.t.app, 'DELETE', `/user/delete/${id}`, admin)).statusCode).toBe(200);
    const gone = (await list(other, query, admin)).json().data;
    expect(gone.total_rows).toBe(before.total_rows);
    expect(gone.rows.map((u: { id: number }) => u.id)).not.toContain(id);
  });
});

describe('kept list answers', () => {
  it('an edited account shows in the next answer of a page already kept, on both instances', async () => {
    const { admin } = ctx.tok;
    const query = 'type=student&limit=10&page=1&sort_column=id&sort_type=DESC';
    // both instances keep the page's answer
    const before = (await list(ctx.t.app, query, admin)).json().data.rows[0];
    expect((await list(other, query, admin)).json().data.rows[0]).toEqual(before);
    const update = { id: before.id, name: `${before.name} Sửa`, email: before.email, phone_number: before.phone_number, status: before.status };
    expect((await call(ctx.t.app, 'PUT', '/user/update', admin, update)).statusCode).toBe(200);
    for (const app of [ctx.t.app, other]) {
      const row = (await list(app, query, admin)).json().data.rows[0];
      expect({ id: row.id, name: row.name }).toEqual({ id: before.id, name: update.name });
    }
  });

  it('is never handed to a caller of another scope asking the same', async () => {
    const { admin, academicAffair } = ctx.tok;
    const query = 'type=teacher&limit=50&page=1';
    const everyone = (await list(other, query, admin)).json().data;
    const affair = (await call(other, 'GET', '/user/get-by-token', academicAffair)).json().data;
    const own = (await list(other, query, academicAffair)).json().data;
    expect(own.total_rows).toBeGreaterThan(0);
    expect(own.total_rows).toBeLessThan(everyone.total_rows);
    expect(own.rows.every((row: { center_id: number }) => row.center_id === affair.center_id)).toBe(true);
    // and the administrator's answer stays whole after the giáo vụ's
    expect((await list(other, query, admin)).json().data).toEqual(everyone);
  });

  it('is sent as JSON, like every answer', async () => {
    const res = await list(ctx.t.app, 'type=student&limit=5', ctx.tok.admin);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.body));
  });
});

describe('deep pages', () => {
  const COUNT = 2_600;

  beforeAll(async () => {
    const { db } = ctx.t.database;
    const [studentRole] = await db.select().from(roles).where(eq(roles.guardName, 'student')).limit(1);
    // ties on every sort column: few distinct names, statuses, creation times; a third never signed in
    const names = ['Lặp Văn An', 'Lặp Thị Bình', 'Lặp Minh Chi', 'Nguyễn Hải', 'Trần Thu'];
    const base = Date.UTC(2026, 0, 1);
    await db.insert(users).values(
      Array.from({ length: COUNT }, (_, n) => ({
        name: names[n % names.length],
        email: `trang.sau.${n}@trungtam.vn`,
        passwordHash: 'x',
        type: 'student',
        roleId: studentRole.id,
        status: n % 7 === 0 ? ACCOUNT_STATUS.LOCKED : ACCOUNT_STATUS.ACTIVE,
        createdAt: new Date(base + (n % 400) * 60_000),
        lastTimeLogin: n % 3 === 0 ? null : new Date(base + (n % 250) * 3_600_000 + 123),
      })),
    );
    // microseconds, which a JavaScript date cannot hold, must not move a boundary
    await db.execute(sql`update "user" set created_at = created_at + interval '7 microseconds' where email like 'trang.sau.%' and id % 2 = 0`);
  });

  /** The ids of a page as OFFSET gives them, straight from the database. */
  async function offsetPage(column: keyof typeof USER_SORT_COLUMNS, descending: boolean, offset: number, limit: number, search?: string) {
    const direction = descending ? desc : asc;
    const sortColumn = USER_SORT_COLUMNS[column];
    const rows = await ctx.t.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(isNull(users.deletedAt), eq(users.type, 'student'), search ? ilike(users.name, `%${search}%`) : undefined))
      .orderBy(...(sortColumn === users.id ? [direction(users.id)] : [direction(sortColumn), direction(users.id)]))
      .limit(limit)
      .offset(offset);
    return rows.map((row) => row.id);
  }

  it('equal the OFFSET result for every sort column and direction, across and at the boundaries', async () => {
    const { admin } = ctx.tok;
    expect(COUNT).toBeGreaterThan(2 * PAGE_ANCHOR_STEP);
    // [limit, page]: offsets 1000 and 2000 (a boundary), 1900 and 2500 (within), 994 and 1995 (across one), the end and beyond
    const pages: Array<[number, number]> = [[100, 11], [100, 20], [100, 21], [100, 26], [7, 143], [7, 286], [100, 27], [100, 40]];
    for (const column of Object.keys(USER_SORT_COLUMNS) as Array<keyof typeof USER_SORT_COLUMNS>) {
      for (const descending of [true, false]) {
        for (const [limit, page] of pages) {
          const query = `type=student&limit=${limit}&page=${page}&sort_column=${column}&sort_type=${descending ? 'DESC' : 'ASC'}`;
          const res = await list(ctx.t.app, query, admin);
          expect(res.statusCode).toBe(200);
          const ids = res.json().data.rows.map((u: { id: number }) => u.id);
          expect({ query, ids }).toEqual({ query, ids: await offsetPage(column, descending, (page - 1) * limit, limit) });
        }
      }
    }
  });

  it('follow a filter, and a change to the accounts', async () => {
    const { admin } = ctx.tok;
    const query = 'type=student&limit=50&page=25&sort_column=name&sort_type=ASC&search=L%E1%BA%B7p';
    const first = (await list(ctx.t.app, query, admin)).json().data.rows.map((u: { id: number }) => u.id);
    expect(first).toHaveLength(50);
    expect(first).toEqual(await offsetPage('name', false, 1200, 50, 'Lặp'));
    // an account renamed to sort first moves every later row one place
    const [moved] = await ctx.t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'trang.sau.4@trungtam.vn'));
    await ctx.t.database.db.update(users).set({ name: 'Lặp Aaa' }).where(eq(users.id, moved.id));
    const again = (await list(ctx.t.app, query, admin)).json().data.rows.map((u: { id: number }) => u.id);
    expect(again).toEqual(await offsetPage('name', false, 1200, 50, 'Lặp'));
    expect(again).not.toEqual(first);
  });
});

describe('the list answer', () => {
  interface SchemaNode {
    type?: string;
    anyOf?: SchemaNode[];
    items?: SchemaNode;
    properties?: Record<string, SchemaNode>;
  }

  /** The paths of `value`'s properties that `schema` does not document (objects, arrays and nullable unions walked). */
  function undocumented(value: unknown, schema: SchemaNode, at = 'data'): string[] {
    if (value === null || typeof value !== 'object') return [];
    const branches = schema.anyOf ?? [schema];
    const shape = branches.find((branch) => branch.type === (Array.isArray(value) ? 'array' : 'object'));
    if (!shape) return [at];
    if (Array.isArray(value)) return value.flatMap((item, i) => undocumented(item, shape.items ?? {}, `${at}[${i}]`));
    const properties = shape.properties ?? {};
    return Object.entries(value).flatMap(([key, item]) =>
      Object.hasOwn(properties, key) ? undocumented(item, properties[key], `${at}.${key}`) : [`${at}.${key}`],
    );
  }

  it('carries exactly the documented properties (it is serialised without the schema filtering it)', async () => {
    for (const type of USER_TYPES) {
      const res = await list(ctx.t.app, `type=${type}&limit=10&relationships=roles`, ctx.tok.admin);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.data.rows.length).toBeGreaterThan(0);
      expect(undocumented(body.data, ListOf(UserSchema).properties.data as SchemaNode)).toEqual([]);
      expect(res.body).not.toMatch(/password|scrypt/i);
    }
  });
});
