import path from 'node:path';
import fs from 'node:fs';
import os from 'node:os';
import { PERMISSION_CATALOGUE } from '@trungtam/shared/permissions';
import { ROUTE_RULES, routesOf } from '@trungtam/shared/routes';
import { call, setUpTestApp } from './helpers';
import { loadRegistry } from '../src/services/remotes';
import { REPO_ROOT } from '../src/config';
import { eq } from 'drizzle-orm';
import { syncPermissionCatalogue } from '../src/db/catalogue';
import { permissions, rolePermissions } from '../src/db/schema';

const ctx = setUpTestApp();

const permId = (resource: string, action: string) => PERMISSION_CATALOGUE.find((p) => p.resource === resource && p.action === action)!.id;

describe('roles', () => {
  it('lists roles with permissions, filtered by guard_name', async () => {
    const res = await call(ctx.t.app, 'GET', '/system/role/list?limit=500&page=1&sort_column=id&sort_type=DESC&relationships=permissions&guard_name=teacher', ctx.tok.admin);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data.rows;
    expect(rows.map((r: { name: string }) => r.name)).toEqual(['Giáo viên']);
    expect(rows[0].permissions).toContainEqual({ id: permId('LearningClassSchedule', 'UpdateAttendance'), resource: 'LearningClassSchedule', action: 'UpdateAttendance' });
    const all = (await call(ctx.t.app, 'GET', '/system/role/list?limit=1000', ctx.tok.admin)).json().data;
    expect(all.total_rows).toBe(4);
    expect((await call(ctx.t.app, 'GET', '/system/role/list?sort_column=secret', ctx.tok.admin)).statusCode).toBe(400);
  });

  it('offers whoever manages accounts the roles of the types they manage, and nobody else any', async () => {
    const guardsSeenBy = async (token: string, query = '') => {
      const res = await call(ctx.t.app, 'GET', `/system/role/list?limit=500&relationships=permissions${query}`, token);
      expect(res.statusCode).toBe(200);
      return [...new Set(res.json().data.rows.map((r: { guard_name: string }) => r.guard_name))].sort();
    };
    expect(await guardsSeenBy(ctx.tok.admin)).toEqual(['academic_affair', 'administrator', 'student', 'teacher']);
    // the giáo vụ (no System GetAllRole) creates teachers, students and giáo vụ: those roles only
    expect(await guardsSeenBy(ctx.tok.academicAffair)).toEqual(['academic_affair', 'student', 'teacher']);
    expect(await guardsSeenBy(ctx.tok.academicAffair, '&guard_name=teacher')).toEqual(['teacher']);
    expect(await guardsSeenBy(ctx.tok.academicAffair, '&guard_name=administrator')).toEqual([]);
    // but not the roles screen's other calls
    expect((await call(ctx.t.app, 'GET', '/system/role/show/1', ctx.tok.academicAffair)).statusCode).toBe(403);
    expect((await call(ctx.t.app, 'POST', '/system/role/create', ctx.tok.academicAffair, { name: 'X', guard_name: 'teacher', permissions: [] })).statusCode).toBe(403);
    expect((await call(ctx.t.app, 'GET', '/system/role/list', ctx.tok.teacher)).statusCode).toBe(403);
    expect((await call(ctx.t.app, 'GET', '/system/role/list', ctx.tok.student)).statusCode).toBe(403);
  });

  it('creates, shows, updates and deletes a role with audit entries', async () => {
    const bad = await call(ctx.t.app, 'POST', '/system/role/create', ctx.tok.admin, { name: 'Trợ giảng', guard_name: 'teacher', permissions: [{ id: 9999 }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('permissions');
    const reserved = await call(ctx.t.app, 'POST', '/system/role/create', ctx.tok.admin, { name: 'administrator', guard_name: 'teacher', permissions: [] });
    expect(reserved.statusCode).toBe(409);

    // A permission id sent as text is not an integer: no coercion in JSON bodies.
    const asText = await call(ctx.t.app, 'POST', '/system/role/create', ctx.tok.admin, { name: 'Trợ giảng', guard_name: 'teacher', permissions: [{ id: permId('LearningClass', 'GetAll') }, { id: String(permId('LearningClass', 'GetOne')) }] });
    expect(asText.statusCode).toBe(400);
    expect(Object.keys(asText.json().error.fields)).toEqual(['permissions.1.id']);
    const created = await call(ctx.t.app, 'POST', '/system/role/create', ctx.tok.admin, { name: 'Trợ giảng', guard_name: 'teacher', permissions: [{ id: permId('LearningClass', 'GetAll') }, { id: permId('LearningClass', 'GetOne') }] });
    expect(created.statusCode).toBe(201);
    const role = created.json().data;
    expect(role).toMatchObject({ name: 'Trợ giảng', guard_name: 'teacher' });
    expect(role.permissions.map((p: { action: string }) => p.action)).toEqual(['GetAll', 'GetOne']);
    expect((await call(ctx.t.app, 'GET', `/system/role/show/${role.id}`, ctx.tok.admin)).json().data.id).toBe(role.id);

    const updated = await call(ctx.t.app, 'PUT', '/system/role/update', ctx.tok.admin, { id: role.id, name: 'Trợ giảng chính', guard_name: 'teacher', permissions: [{ id: permId('LearningClass', 'GetAll') }] });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data.permissions).toHaveLength(1);

    expect((await call(ctx.t.app, 'DELETE', `/system/role/delete/${role.id}`, ctx.tok.admin)).statusCode).toBe(200);
    expect((await call(ctx.t.app, 'GET', `/system/role/show/${role.id}`, ctx.tok.admin)).statusCode).toBe(404);

    const log = (await call(ctx.t.app, 'GET', '/system/audit-log/list?limit=10&sort_column=id&sort_type=DESC', ctx.tok.admin)).json().data.rows;
    expect(log.slice(0, 3).map((e: { action: string; resource: string }) => `${e.action} ${e.resource}`)).toEqual(['delete Role', 'update Role', 'create Role']);
    expect(log[0]).toMatchObject({ actor_name: 'Quản trị viên', resource_id: String(role.id) });
    expect(log[1].before.name).toBe('Trợ giảng');
    expect(log[1].after.name).toBe('Trợ giảng chính');
  });

  it('protects the Administrator role and roles in use', async () => {
    const admin = (await call(ctx.t.app, 'GET', '/system/role/show/1', ctx.tok.admin)).json().data;
    const rename = await call(ctx.t.app, 'PUT', '/system/role/update', ctx.tok.admin, { id: 1, name: 'Quản trị', guard_name: 'administrator', permissions: admin.permissions.map((p: { id: number }) => ({ id: p.id })) });
    expect(rename.statusCode).toBe(403);
    const reduce = await call(ctx.t.app, 'PUT', '/system/role/update', ctx.tok.admin, { id: 1, name: 'Administrator', guard_name: 'administrator', permissions: [] });
    expect(reduce.statusCode).toBe(403);
    expect((await call(ctx.t.app, 'DELETE', '/system/role/delete/1', ctx.tok.admin)).statusCode).toBe(403);
    const inUse = await call(ctx.t.app, 'DELETE', '/system/role/delete/3', ctx.tok.admin);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().error.code).toBe('CONFLICT');
  });
});

describe('audit log', () => {
  it('records account writes without password hashes and needs GetAuditLog', async () => {
    const student = (await call(ctx.t.app, 'GET', '/user/list?type=student&limit=1&center_id=1', ctx.tok.admin)).json().data.rows[0];
    await call(ctx.t.app, 'PUT', '/user/update', ctx.tok.academicAffair, { id: student.id, name: 'Đã Sửa', email: student.email, phone_number: student.phone_number, status: 1 });
    await call(ctx.t.app, 'PUT', '/user/update-password', ctx.tok.academicAffair, { id: student.id, password: 'matkhau999' });
    const rows = (await call(ctx.t.app, 'GET', '/system/audit-log/list?limit=2', ctx.tok.admin)).json().data.rows;
    expect(rows[0]).toMatchObject({ action: 'password.update', resource: 'User', resource_id: String(student.id), actor_name: 'Trần Thu Hà' });
    expect(rows[1]).toMatchObject({ action: 'update', resource: 'User' });
    expect(rows[1].before.name).toBe(student.name);
    expect(rows[1].after.name).toBe('Đã Sửa');
    expect(JSON.stringify(rows)).not.toMatch(/scrypt|passwordHash|password_hash/);
    expect(rows[0].ip).toBeTruthy();
    expect((await call(ctx.t.app, 'GET', '/system/audit-log/list', ctx.tok.academicAffair)).statusCode).toBe(403);
  });
});

describe('GET /system/remote/manifest', () => {
  it('gives the administrator and the academic_affair the users area, the settings their roles open and the competition area', async () => {
    for (const token of [ctx.tok.admin, ctx.tok.academicAffair]) {
      const res = await call(ctx.t.app, 'GET', '/system/remote/manifest', token);
      expect(res.statusCode).toBe(200);
      const { areas, denied } = res.json().data;
      expect(areas.map((area: { name: string }) => area.name).sort()).toEqual(['competition', 'learning', 'settings', 'users']);
      const areaNamed = (name: string) => areas.find((area: { name: string }) => area.name === name);
      expect(areaNamed('competition').routes.map((route: { path: string }) => route.path).sort()).toEqual([
        '/competition/examinee', '/competition/manage', '/competition/round', '/competition/scoring', '/competition/topic', '/competition/type',
      ]);
      const settingsPaths = areaNamed('settings').routes.map((route: { path: string }) => route.path);
      // the administrator: every route of the settings area in the registry
      if (token === ctx.tok.admin) expect(settingsPaths).toEqual(routesOf('settings').map((route) => route.path));
      else {
        expect(settingsPaths.sort()).toEqual([
          '/settings/family-messages', '/settings/learning/centers', '/settings/learning/rooms', '/settings/message-templates', '/settings/notifications', '/settings/product/discount',
        ]);
      }
      // every competition page: events, subjects, groups, rounds, examinees, scoring (LearningCompetition GetAll; scoring LearningCompetitionExamineePoint GetAll)
      expect(areaNamed('competition').routes.map((route: { path: string }) => route.path)).toEqual([
        '/competition/manage', '/competition/topic', '/competition/type', '/competition/round', '/competition/examinee', '/competition/scoring',
      ]);
      expect(areaNamed('users')).toMatchObject({ name: 'users', version: '0.1.0-local', entry: 'http://localhost:3001/mf-manifest.json' });
      expect(areaNamed('users').routes[0]).toEqual({
        path: '/assets/teachers',
        breadcrumb: [{ titleKey: 'menu.section.assets', label: 'Assets' }, { titleKey: 'menu.teachers', label: 'Teachers' }],
        menu: { section: 'menu.section.assets', titleKey: 'menu.teachers', label: 'Teachers', icon: 'teachers', order: 10 },
      });
      // the staff accounts entry, whose menu asks for User/GetAll, is listed for them (without its check)
      expect(areaNamed('users').routes.find((r: { path: string }) => r.path === '/settings/accounts').menu).toEqual({
        section: 'menu.section.settings', titleKey: 'menu.accounts', label: 'Staff accounts', icon: 'accounts', order: 10,
      });
      expect(denied).not.toContain('/assets/teachers');
      // an administrator opens every screen but those made for another type of user (a student's own classes)
      if (token === ctx.tok.admin) expect(denied).toEqual(['/learning/my-classes']);
      else expect(denied).toEqual(expect.arrayContaining(['/settings/roles', '/settings/audit-log', '/settings/product/vendors']));
    }
  });

  it('gives teachers and students the learning routes they may open and the unguarded route of the users area, and lists the others as denied', async () => {
    const expected = {
      // the schedules need no permission; the classes need LearningClass GetAll, the payroll PayrollTimesheet GetAll;
      // grading needs LearningCompetitionExamineePoint GetAll and a grader's type; "Hôm nay" LearningClassSchedule UpdateAttendance and a staff type
      [ctx.tok.teacher]: ['/competition/scoring', '/learning/classes', '/learning/reports', '/learning/schedules', '/learning/today', '/settings/accounts'],
      [ctx.tok.student]: ['/learning/classes', '/learning/my-classes', '/learning/schedules', '/settings/accounts'],
    };
    for (const token of [ctx.tok.teacher, ctx.tok.student]) {
      const { areas, denied } = (await call(ctx.t.app, 'GET', '/system/remote/manifest', token)).json().data;
      // /settings/accounts has no permission check (the API refuses the data itself)
      const routes = areas.flatMap((a: { routes: Array<{ path: string; menu?: unknown }> }) => a.routes);
      expect(routes.map((r: { path: string }) => r.path).sort()).toEqual(expected[token]);
      // ...but it is not listed in their menu: its entry asks for User/GetAll
      expect(routes.find((r: { path: string }) => r.path === '/settings/accounts').menu).toBeUndefined();
      expect(denied).toContain('/assets/products');
      expect(denied).toContain('/assets/students');
      expect(denied).toContain('/assets/teachers');
      expect(denied).toContain('/competition/manage');
      expect(denied).toContain('/competition/examinee');
    }
    expect((await call(ctx.t.app, 'GET', '/system/remote/manifest', ctx.tok.student)).json().data.denied).toContain('/competition/scoring');
    const teacherDenied = (await call(ctx.t.app, 'GET', '/system/remote/manifest', ctx.tok.teacher)).json().data.denied;
    expect(teacherDenied).not.toContain('/competition/scoring');
    expect(teacherDenied).not.toContain('/learning/classes');
    expect((await call(ctx.t.app, 'GET', '/system/remote/manifest')).statusCode).toBe(401);
  });

  it('reads the remotes list and refuses one whose route permission disagrees with the shared rules', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'registry-'));
    const file = path.join(dir, 'bad.json');
    const listFile = path.join(REPO_ROOT, 'deploy/remotes.json');
    const list = () => JSON.parse(fs.readFileSync(listFile, 'utf8'));
    const local = loadRegistry(listFile);
    expect(local[0]).toMatchObject({ name: 'users', enabled: true, stable: { entry: 'http://localhost:3001/mf-manifest.json' } });
    expect(local[0].stable.version).toMatch(/^\d+\.\d+\.\d+/);
    const bad = list();
    bad.remotes[0].routes[0].permission = { resource: 'User', action: 'Export' };
    fs.writeFileSync(file, JSON.stringify(bad));
    expect(() => loadRegistry(file)).toThrow(/\/assets\/teachers declares permission User\/Export but the shared route rule requires User\/GetAll/);
    const unknownMenuCheck = list();
    unknownMenuCheck.remotes[0].routes[0].menu.permission = { resource: 'User', action: 'Fly' };
    fs.writeFileSync(file, JSON.stringify(unknownMenuCheck));
    expect(() => loadRegistry(file)).toThrow(/unknown menu permission User\/Fly/);
    expect(loadRegistry(listFile, { users: 'https://cdn.example/users/0.2.0/mf-manifest.json' })[0].stable.entry).toBe(
      'https://cdn.example/users/0.2.0/mf-manifest.json',
    );
    // an environment's registry names its builds itself
    fs.writeFileSync(file, JSON.stringify({ areas: [{ name: 'users', stable: { version: '1.2.3', entry: 'https://cdn.example/u/mf-manifest.json' }, routes: list().remotes[0].routes }] }));
    expect(loadRegistry(file)[0].stable).toEqual({ version: '1.2.3', entry: 'https://cdn.example/u/mf-manifest.json' });
    expect(ROUTE_RULES.length).toBeGreaterThan(0);
  });
});

describe('permission catalogue', () => {
  it('adds catalogue entries the database lacks, and refuses an id that names another permission', async () => {
    const { db } = ctx.t.database;
    const last = PERMISSION_CATALOGUE[PERMISSION_CATALOGUE.length - 1];
    // a database seeded before the last entry existed
    const grants = await db.delete(rolePermissions).where(eq(rolePermissions.permissionId, last.id)).returning();
    await db.delete(permissions).where(eq(permissions.id, last.id));
    expect(await syncPermissionCatalogue(db)).toBe(1);
    if (grants.length) await db.insert(rolePermissions).values(grants);
    const [row] = await db.select().from(permissions).where(eq(permissions.id, last.id));
    expect(row).toEqual({ id: last.id, resource: last.resource, action: last.action });
    expect(await syncPermissionCatalogue(db)).toBe(0);
    // a renumbered catalogue would grant the wrong rights: the start is refused
    await db.update(permissions).set({ action: 'Renamed' }).where(eq(permissions.id, last.id));
    await expect(syncPermissionCatalogue(db)).rejects.toThrow(/in the database but/);
    await db.update(permissions).set({ action: last.action }).where(eq(permissions.id, last.id));
  });
});

describe('centres, health, errors', () => {
  it('lists centres for LearningCenter GetAll', async () => {
    const res = await call(ctx.t.app, 'GET', '/learning/center/list?limit=1000', ctx.tok.academicAffair);
    expect(res.statusCode).toBe(200);
    // a giáo vụ of a centre gets that centre only (the access policy); the administrator every centre
    expect(res.json().data.rows.map((c: { name: string }) => c.name)).toEqual(['Trung tâm Hà Nội']);
    const all = await call(ctx.t.app, 'GET', '/learning/center/list?limit=1000', ctx.tok.admin);
    expect(all.json().data.rows.map((c: { name: string }) => c.name)).toEqual(['Trung tâm Đà Nẵng', 'Trung tâm TP.HCM', 'Trung tâm Hà Nội']);
    expect((await call(ctx.t.app, 'GET', '/learning/center/list', ctx.tok.teacher)).statusCode).toBe(403);
  });

  it('serves /health, the OpenAPI document, and JSON 404s', async () => {
    expect((await ctx.t.app.inject({ method: 'GET', url: '/health' })).json().status).toBe('ok');
    const doc = await ctx.t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(Object.keys(doc.json().paths)).toEqual(expect.arrayContaining(['/api/v1/auth/login', '/api/v1/user/list', '/api/v1/system/remote/manifest']));
    const missing = await ctx.t.app.inject({ method: 'GET', url: '/api/v1/khong-co' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('NOT_FOUND');
  });

  it('answers 403 to each demo user type on calls outside its permissions', async () => {
    const cases: Array<[keyof typeof ctx.tok, 'GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?]> = [
      ['academicAffair', 'POST', '/system/role/create', { name: 'X', guard_name: 'teacher', permissions: [] }],
      ['academicAffair', 'DELETE', '/system/role/delete/3'],
      ['teacher', 'GET', '/user/show/1'],
      ['teacher', 'DELETE', '/user/delete/5'],
      ['teacher', 'PUT', '/user/update', { id: 5, name: 'A', email: 'aaaaaaa@b.vn', phone_number: '1', status: 1 }],
      ['teacher', 'GET', '/system/audit-log/list'],
      ['student', 'GET', '/user/list'],
      ['student', 'POST', '/auth/register', { email: 'abc@def.vn', name: 'A', password: 'abcdefg', type: 'student', phone_number: '1', roles: [{ id: 4 }] }],
      ['student', 'PUT', '/system/role/update', { id: 4, name: 'Học viên', guard_name: 'student', permissions: [] }],
      ['student', 'GET', '/learning/center/list'],
    ];
    for (const [who, method, url, payload] of cases) {
      const res = await call(ctx.t.app, method, url, ctx.tok[who], payload);
      expect({ who, url, status: res.statusCode }).toEqual({ who, url, status: 403 });
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
  });

  it('never answers 500 to malformed input', async () => {
    const inputs: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?]> = [
      ['POST', '/auth/login', 'not json at all'],
      ['POST', '/auth/login', { email: 12, password: ['x'] }],
      ['POST', '/auth/register', { roles: 'admin', status: 'x' }],
      ['PUT', '/user/update', { id: 'abc' }],
      ['PUT', '/user/update', null],
      ['GET', '/user/show/abc'],
      ['GET', '/user/show/-1'],
      ['DELETE', '/user/delete/99999999999999999999'],
      ['GET', '/user/list?page=0&limit=-1&sort_type=SIDEWAYS'],
      ['GET', '/user/list?created_at=2024-13-45 99:99:99&created_at=x'],
      ['POST', '/system/role/create', { name: 'x'.repeat(500), guard_name: 'god', permissions: [{ id: 'x' }] }],
      ['PUT', '/user/update-password', { id: 1 }],
      ['POST', '/user/change-password', {}],
      ['GET', '/system/audit-log/list?sort_column=password'],
    ];
    for (const [method, url, payload] of inputs) {
      const res = await ctx.t.app.inject({
        method,
        url: `/api/v1${url}`,
        headers: { authorization: `Bearer ${ctx.tok.admin}`, 'content-type': 'application/json' },
        ...(payload !== undefined ? { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) } : {}),
      });
      expect({ url, status: res.statusCode }).toEqual({ url, status: expect.any(Number) });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().error.code).toBeDefined();
      expect(res.body).not.toMatch(/at .*\.ts:\d+/);
    }
  });
});
