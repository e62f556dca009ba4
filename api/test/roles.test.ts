/**
 * The roles screen's API (System GetAllRole / CreateRole / UpdateRole / DeleteRole): the count of accounts
 * holding each role, the refusals that name it, the Administrator role's protections, a permission change
 * reaching its holders on their very next request, and each route's answer to the four demo user types.
 */
import { and, count, eq, isNull } from 'drizzle-orm';
import { PERMISSION_CATALOGUE, type Action, type PermissionResource } from '@trungtam/shared/permissions';
import { users } from '../src/db/schema';
import { TEXT } from '../src/lib/errors';
import { ROLE_TEXT } from '../src/services/roles';
import { call, DEMO_PASSWORD, login, setUpTestApp } from './helpers';

const ctx = setUpTestApp();

const permId = (resource: PermissionResource, action: Action) => PERMISSION_CATALOGUE.find((p) => p.resource === resource && p.action === action)!.id;
const grants = (...keys: Array<[PermissionResource, Action]>) => keys.map(([resource, action]) => ({ id: permId(resource, action) }));

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq += 1)}`;

interface RoleBody {
  id: number;
  name: string;
  guard_name: string;
  permissions: Array<{ id: number; resource: string; action: string }>;
  users_count?: number;
}

async function createRole(guard: string, permissions: Array<{ id: number }> = [], name = `Quyền thử ${unique()}`): Promise<RoleBody> {
  const res = await call(ctx.t.app, 'POST', '/system/role/create', ctx.tok.admin, { name, guard_name: guard, permissions });
  expect(res.statusCode).toBe(201);
  return res.json().data;
}

async function createAccount(type: 'teacher' | 'student' | 'academic_affair' | 'administrator', roleId: number): Promise<{ id: number; email: string }> {
  const email = `quyen.${unique()}@trungtam.vn`;
  const res = await call(ctx.t.app, 'POST', '/auth/register', ctx.tok.admin, {
    email, name: 'Tài khoản thử quyền', password: DEMO_PASSWORD, type, phone_number: '0900000000', status: 1, roles: [{ id: roleId }], center_id: 1,
  });
  expect(res.statusCode).toBe(201);
  return { id: res.json().data.data.id, email };
}

const deleteAccount = async (id: number) => expect((await call(ctx.t.app, 'DELETE', `/user/delete/${id}`, ctx.tok.admin)).statusCode).toBe(200);
const showRole = async (id: number): Promise<RoleBody> => (await call(ctx.t.app, 'GET', `/system/role/show/${id}`, ctx.tok.admin)).json().data;
const roleRow = (role: RoleBody) => ({ id: role.id, name: role.name, guard_name: role.guard_name, permissions: role.permissions.map((p) => ({ id: p.id })) });

/** Live accounts holding a role, counted straight in the database. */
async function liveHolders(roleId: number): Promise<number> {
  const [{ n }] = await ctx.t.database.db.select({ n: count() }).from(users).where(and(eq(users.roleId, roleId), isNull(users.deletedAt)));
  return Number(n);
}

describe('users_count', () => {
  it('counts the live accounts of each role on the list and on show, for the roles screen only', async () => {
    const list = await call(ctx.t.app, 'GET', '/system/role/list?limit=1000&relationships=permissions', ctx.tok.admin);
    expect(list.statusCode).toBe(200);
    const rows: RoleBody[] = list.json().data.rows;
    for (const role of rows) expect({ role: role.name, users: role.users_count }).toEqual({ role: role.name, users: await liveHolders(role.id) });
    expect(rows.find((r) => r.name === 'Giáo viên')!.users_count).toBeGreaterThan(1);
    expect((await showRole(3)).users_count).toBe(await liveHolders(3));

    // the account forms' role list (a giáo vụ: User Create, no System GetAllRole) has no counts
    const forForms = (await call(ctx.t.app, 'GET', '/system/role/list?limit=500&guard_name=teacher', ctx.tok.academicAffair)).json().data.rows;
    expect(forForms.length).toBeGreaterThan(0);
    for (const role of forForms) expect(role).not.toHaveProperty('users_count');
  });

  it('follows accounts given the role and deleted, and says 0 for an unused one', async () => {
    const role = await createRole('teacher');
    expect(role.users_count).toBe(0);
    const a = await createAccount('teacher', role.id);
    await createAccount('teacher', role.id);
    expect((await showRole(role.id)).users_count).toBe(2);
    await deleteAccount(a.id);
    expect((await showRole(role.id)).users_count).toBe(1);
    const listed = (await call(ctx.t.app, 'GET', `/system/role/list?limit=1000&search=${encodeURIComponent(role.name)}`, ctx.tok.admin)).json().data.rows;
    expect(listed).toEqual([expect.objectContaining({ id: role.id, users_count: 1 })]);
  });
});

describe('deleting a role', () => {
  it('refuses a role in use with a 409 naming how many accounts use it', async () => {
    const holders = await liveHolders(3);
    const res = await call(ctx.t.app, 'DELETE', '/system/role/delete/3', ctx.tok.admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'CONFLICT', message: `Quyền đang được ${holders} tài khoản sử dụng: không thể xoá` });
    expect((await showRole(3)).id).toBe(3);

    const role = await createRole('student');
    await createAccount('student', role.id);
    await createAccount('student', role.id);
    await createAccount('student', role.id);
    const three = await call(ctx.t.app, 'DELETE', `/system/role/delete/${role.id}`, ctx.tok.admin);
    expect(three.statusCode).toBe(409);
    expect(three.json().error.message).toBe('Quyền đang được 3 tài khoản sử dụng: không thể xoá');
  });

  it('deletes a role only deleted accounts still hold, moving them to the least-privileged role of their type', async () => {
    await createRole('teacher', []);
    const role = await createRole('teacher', grants(['LearningClass', 'GetAll']));
    const gone = await createAccount('teacher', role.id);
    await deleteAccount(gone.id);
    expect((await showRole(role.id)).users_count).toBe(0);

    const res = await call(ctx.t.app, 'DELETE', `/system/role/delete/${role.id}`, ctx.tok.admin);
    expect(res.statusCode).toBe(200);
    expect((await call(ctx.t.app, 'GET', `/system/role/show/${role.id}`, ctx.tok.admin)).statusCode).toBe(404);
    const [moved] = await ctx.t.database.db.select({ roleId: users.roleId }).from(users).where(eq(users.id, gone.id));
    // a teacher role without any permission (one exists): fewer than the seeded Giáo viên role has
    expect(await showRole(moved.roleId)).toMatchObject({ guard_name: 'teacher', permissions: [] });
    const [entry] = (await call(ctx.t.app, 'GET', `/system/audit-log/list?limit=1&resource=Role&action=delete`, ctx.tok.admin)).json().data.rows;
    expect(entry).toMatchObject({
      resource_id: String(role.id),
      before: { name: role.name, permissions: [permId('LearningClass', 'GetAll')] },
      after: { deleted_accounts: [gone.id], moved_to_role: moved.roleId },
    });
  });

  it('never moves a deleted account to the Administrator role: without another role of its type, the delete is refused', async () => {
    const role = await createRole('administrator');
    const gone = await createAccount('administrator', role.id);
    await deleteAccount(gone.id);
    const res = await call(ctx.t.app, 'DELETE', `/system/role/delete/${role.id}`, ctx.tok.admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(ROLE_TEXT.noRoleForDeleted(1));
    const [kept] = await ctx.t.database.db.select({ roleId: users.roleId }).from(users).where(eq(users.id, gone.id));
    expect(kept.roleId).toBe(role.id);
  });
});

describe('changing a role', () => {
  it('keeps the account type of a role in use (409 with the count), and changes it once only deleted accounts hold it', async () => {
    const role = await createRole('teacher');
    const account = await createAccount('teacher', role.id);
    const change = { ...roleRow(role), guard_name: 'student' };
    const refused = await call(ctx.t.app, 'PUT', '/system/role/update', ctx.tok.admin, change);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Quyền đang được 1 tài khoản sử dụng: không thể đổi loại tài khoản');
    expect((await showRole(role.id)).guard_name).toBe('teacher');

    await deleteAccount(account.id);
    const done = await call(ctx.t.app, 'PUT', '/system/role/update', ctx.tok.admin, change);
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ guard_name: 'student', users_count: 0 });
    const [moved] = await ctx.t.database.db.select({ roleId: users.roleId }).from(users).where(eq(users.id, account.id));
    expect(moved.roleId).not.toBe(role.id);
  });

  it('takes permission ids as integers only', async () => {
    const role = await createRole('teacher');
    for (const id of ['1', 1.5, true, [1], null]) {
      const res = await call(ctx.t.app, 'PUT', '/system/role/update', ctx.tok.admin, { ...roleRow(role), permissions: [{ id }] });
      expect({ id, status: res.statusCode }).toEqual({ id, status: 400 });
      expect(Object.keys(res.json().error.fields)).toEqual(['permissions.0.id']);
    }
    const res = await call(ctx.t.app, 'PUT', '/system/role/update', ctx.tok.admin, { ...roleRow(role), name: 'x'.repeat(101) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.name).toBe('Tên quyền dài nhất là 100 kí tự');
    expect((await call(ctx.t.app, 'POST', '/system/role/create', ctx.tok.admin, { name: '  ', guard_name: 'teacher', permissions: [] })).json().error.fields.name).toBe(
      'Tên quyền không được để trống',
    );
  });
});

describe('the Administrator role', () => {
  it('cannot be renamed, given another type, stripped of a permission or deleted', async () => {
    const admin = await showRole(1);
    expect(admin.name).toBe('Administrator');
    const body = roleRow(admin);
    const attempts = [
      { ...body, name: 'Quản trị' },
      { ...body, guard_name: 'academic_affair' },
      { ...body, permissions: body.permissions.slice(1) },
      { ...body, permissions: [] },
    ];
    for (const attempt of attempts) {
      const res = await call(ctx.t.app, 'PUT', '/system/role/update', ctx.tok.admin, attempt);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(TEXT.adminRoleProtected);
    }
    const del = await call(ctx.t.app, 'DELETE', '/system/role/delete/1', ctx.tok.admin);
    expect(del.statusCode).toBe(403);
    expect(del.json().error.message).toBe(TEXT.adminRoleProtected);
    expect(roleRow(await showRole(1))).toEqual(body);
    // saving it unchanged is allowed (the form of an administrator may send it back as it is)
    expect((await call(ctx.t.app, 'PUT', '/system/role/update', ctx.tok.admin, body)).statusCode).toBe(200);
    // and no other role may take its name
    const other = await createRole('teacher');
    expect((await call(ctx.t.app, 'PUT', '/system/role/update', ctx.tok.admin, { ...roleRow(other), name: 'administrator' })).statusCode).toBe(409);
  });
});

describe('a permission change', () => {
  it('applies to the role’s holders from their very next request, and their menu follows', async () => {
    const role = await createRole('teacher', grants(['LearningClass', 'GetAll']));
    const account = await createAccount('teacher', role.id);
    const token = await login(ctx.t.app, account.email);
    const manifest = async () => (await call(ctx.t.app, 'GET', '/system/remote/manifest', token)).json().data as { areas: Array<{ name: string; routes: Array<{ path: string; menu?: unknown }> }>; denied: string[] };
    const routes = (m: Awaited<ReturnType<typeof manifest>>) => m.areas.flatMap((a) => a.routes.map((r) => r.path));

    expect((await call(ctx.t.app, 'GET', '/learning/class/list', token)).statusCode).toBe(200);
    expect((await call(ctx.t.app, 'GET', '/system/role/list', token)).statusCode).toBe(403);
    const before = await manifest();
    expect(routes(before)).not.toContain('/settings/roles');
    expect(before.denied).toContain('/settings/roles');
    expect(before.denied).not.toContain('/learning/classes');

    const updated = await call(ctx.t.app, 'PUT', '/system/role/update', ctx.tok.admin, { ...roleRow(role), permissions: grants(['System', 'GetAllRole']) });
    expect(updated.statusCode).toBe(200);

    // the same token, no new sign-in
    expect((await call(ctx.t.app, 'GET', '/system/role/list', token)).statusCode).toBe(200);
    expect((await call(ctx.t.app, 'GET', '/learning/class/list', token)).statusCode).toBe(403);
    const after = await manifest();
    const settings = after.areas.find((a) => a.name === 'settings');
    expect(settings?.routes.find((r) => r.path === '/settings/roles')?.menu).toBeDefined();
    expect(after.denied).not.toContain('/settings/roles');
    expect(after.denied).toContain('/learning/classes');
  });
});

describe('who may call the roles routes', () => {
  it('answers each demo user type as its permissions and the access policy say', async () => {
    const target = await createRole('teacher');
    const spare = async () => (await createRole('teacher')).id;
    type Who = keyof typeof ctx.tok;
    const routes: Array<{ name: string; send: (token: string) => Promise<number>; allowed: Who[] }> = [
      // the account forms of a giáo vụ list roles (User Create / Update); the roles screen is the administrator's
      { name: 'list', send: async (tk) => (await call(ctx.t.app, 'GET', '/system/role/list?limit=10', tk)).statusCode, allowed: ['admin', 'academicAffair'] },
      { name: 'show', send: async (tk) => (await call(ctx.t.app, 'GET', `/system/role/show/${target.id}`, tk)).statusCode, allowed: ['admin'] },
      {
        name: 'create',
        send: async (tk) => (await call(ctx.t.app, 'POST', '/system/role/create', tk, { name: `Quyền ${unique()}`, guard_name: 'teacher', permissions: [] })).statusCode,
        allowed: ['admin'],
      },
      {
        name: 'update',
        send: async (tk) => (await call(ctx.t.app, 'PUT', '/system/role/update', tk, { id: target.id, name: `Quyền ${unique()}`, guard_name: 'teacher', permissions: [] })).statusCode,
        allowed: ['admin'],
      },
      { name: 'delete', send: async (tk) => (await call(ctx.t.app, 'DELETE', `/system/role/delete/${await spare()}`, tk)).statusCode, allowed: ['admin'] },
      { name: 'audit log', send: async (tk) => (await call(ctx.t.app, 'GET', '/system/audit-log/list', tk)).statusCode, allowed: ['admin'] },
    ];
    const seen: Record<string, Record<string, number>> = {};
    const expected: Record<string, Record<string, number>> = {};
    for (const route of routes) {
      for (const who of Object.keys(ctx.tok) as Who[]) {
        (seen[route.name] ??= {})[who] = await route.send(ctx.tok[who]);
        (expected[route.name] ??= {})[who] = route.allowed.includes(who) ? expect.any(Number) : 403;
      }
    }
    expect(seen).toEqual(expected);
    for (const route of routes) for (const who of route.allowed) expect(seen[route.name][who]).toBeLessThan(300);
    // without a token: 401
    expect((await call(ctx.t.app, 'GET', '/system/role/list')).statusCode).toBe(401);
  });
});
