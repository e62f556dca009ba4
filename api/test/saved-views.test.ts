/**
 * Saved views: a list's filters and sort under a name per user, optionally shared with one role. A private view
 * is its owner's alone (administrators included); a shared one reaches that role's members and nobody else;
 * only its owner changes or deletes it; names, lists and search texts are validated; writes are audited.
 */
import { and, eq } from 'drizzle-orm';
import { SAVED_VIEW_LIMITS, SAVED_VIEW_TEXT as T } from '@trungtam/shared/contracts';
import { auditLogs, savedViews } from '../src/db/schema';
import { call, DEMO_PASSWORD, login, setUpTestApp } from './helpers';

const ctx = setUpTestApp();
const STUDENTS = '/assets/students';
const GIAO_VU_ROLE = 2;
const TEACHER_ROLE = 3;

let seq = 0;
/** A fresh account of the giáo vụ role (a colleague of the demo giáo vụ), signed in. */
async function colleague(): Promise<{ id: number; token: string }> {
  const email = `gv.view.${(seq += 1)}@trungtam.vn`;
  const res = await call(ctx.t.app, 'POST', '/auth/register', ctx.tok.admin, {
    email, name: 'Giáo vụ đồng nghiệp', password: DEMO_PASSWORD, type: 'academic_affair', phone_number: '0900000123', status: 1, roles: [{ id: GIAO_VU_ROLE }], center_id: 1,
  });
  expect(res.statusCode).toBe(201);
  return { id: res.json().data.data.id, token: await login(ctx.t.app, email) };
}

const save = (token: string, body: Record<string, unknown>) => call(ctx.t.app, 'POST', '/saved-view/create', token, { list_key: STUDENTS, query: 'search=H%C3%A0+N%E1%BB%99i&sort=name&order=ASC', ...body });
const names = async (token: string, listKey = STUDENTS) => {
  const res = await call(ctx.t.app, 'GET', `/saved-view/list?list_key=${encodeURIComponent(listKey)}`, token);
  expect(res.statusCode).toBe(200);
  return (res.json().data as Array<{ name: string }>).map((view) => view.name);
};

describe('saved views', () => {
  it("keep a user's view for them alone: another user, an administrator included, neither lists nor touches it", async () => {
    const created = await save(ctx.tok.academicAffair, { name: 'Học viên Hà Nội chưa có lớp' });
    expect(created.statusCode).toBe(201);
    const view = created.json().data;
    expect(view).toMatchObject({ list_key: STUDENTS, name: 'Học viên Hà Nội chưa có lớp', query: 'search=H%C3%A0+N%E1%BB%99i&sort=name&order=ASC', shared_role_id: null, mine: true });
    expect(await names(ctx.tok.academicAffair)).toContain('Học viên Hà Nội chưa có lớp');
    // another list of the same user holds none of it
    expect(await names(ctx.tok.academicAffair, '/assets/teachers')).not.toContain('Học viên Hà Nội chưa có lớp');

    const other = await colleague();
    expect(await names(other.token)).not.toContain('Học viên Hà Nội chưa có lớp');
    expect(await names(ctx.tok.admin)).not.toContain('Học viên Hà Nội chưa có lớp');
    for (const token of [other.token, ctx.tok.admin]) {
      expect((await call(ctx.t.app, 'PUT', '/saved-view/update', token, { id: view.id, name: 'Của tôi' })).statusCode).toBe(404);
      expect((await call(ctx.t.app, 'DELETE', `/saved-view/delete/${view.id}`, token)).statusCode).toBe(404);
    }
    // it survives another sign-in of its owner
    expect(await names(await login(ctx.t.app, 'giaovu@trungtam.vn'))).toContain('Học viên Hà Nội chưa có lớp');
  });

  it("shows a view shared with a role to that role's members only, who may apply but not change it", async () => {
    const created = await save(ctx.tok.admin, { name: 'Chưa đăng nhập', query: 'sort=last_time_login&order=ASC', shared_role_id: GIAO_VU_ROLE });
    expect(created.statusCode).toBe(201);
    const view = created.json().data;
    expect(view).toMatchObject({ shared_role_id: GIAO_VU_ROLE, shared_role_name: 'Giáo vụ' });

    const member = await colleague();
    const listed = (await call(ctx.t.app, 'GET', `/saved-view/list?list_key=${STUDENTS}`, member.token)).json().data;
    expect(listed.find((row: { id: number }) => row.id === view.id)).toMatchObject({ mine: false, owner_name: 'Quản trị viên', query: 'sort=last_time_login&order=ASC' });
    expect(await names(ctx.tok.academicAffair)).toContain('Chưa đăng nhập');
    // a member may not rename or delete it: 403 with the reason
    const rename = await call(ctx.t.app, 'PUT', '/saved-view/update', member.token, { id: view.id, name: 'Đổi tên' });
    expect(rename.statusCode).toBe(403);
    expect(rename.json().error.message).toBe(T.notOwner);
    expect((await call(ctx.t.app, 'DELETE', `/saved-view/delete/${view.id}`, member.token)).statusCode).toBe(403);

    // the teachers' role does not see it, nor does a list the teacher may not open answer at all
    expect(await names(ctx.tok.teacher, '/learning/classes')).not.toContain('Chưa đăng nhập');
    const teacherStudents = await call(ctx.t.app, 'GET', `/saved-view/list?list_key=${STUDENTS}`, ctx.tok.teacher);
    expect(teacherStudents.statusCode).toBe(403);
    expect(teacherStudents.json().error.message).toBe(T.listForbidden);

    // shared with the teachers instead: the giáo vụ no longer see it
    const moved = await call(ctx.t.app, 'PUT', '/saved-view/update', ctx.tok.admin, { id: view.id, shared_role_id: TEACHER_ROLE });
    expect(moved.statusCode).toBe(200);
    expect(await names(member.token)).not.toContain('Chưa đăng nhập');
  });

  it('lets only those who may read the roles share a view, and only with a role that exists', async () => {
    const byAffair = await save(ctx.tok.academicAffair, { name: 'Chia sẻ thử', shared_role_id: GIAO_VU_ROLE });
    expect(byAffair.statusCode).toBe(403);
    expect(byAffair.json().error.message).toBe(T.shareForbidden);
    const missing = await save(ctx.tok.admin, { name: 'Quyền không có', shared_role_id: 999999 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ shared_role_id: T.roleMissing });
  });

  it('renames and re-filters its own view, deletes it, and audits each write', async () => {
    const view = (await save(ctx.tok.teacher, { list_key: '/learning/classes', name: 'Lớp của tôi', query: 'status=1' })).json().data;
    const renamed = await call(ctx.t.app, 'PUT', '/saved-view/update', ctx.tok.teacher, { id: view.id, name: '  Lớp đang học  ', query: 'status=1&sort=class_name&order=ASC' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Lớp đang học', query: 'status=1&sort=class_name&order=ASC' });
    const removed = await call(ctx.t.app, 'DELETE', `/saved-view/delete/${view.id}`, ctx.tok.teacher);
    expect(removed.statusCode).toBe(200);
    expect(await names(ctx.tok.teacher, '/learning/classes')).not.toContain('Lớp đang học');
    const entries = await ctx.t.database.db.select({ action: auditLogs.action }).from(auditLogs).where(and(eq(auditLogs.resource, 'SavedView'), eq(auditLogs.resourceId, String(view.id))));
    expect(entries.map((entry) => entry.action).sort()).toEqual(['create', 'delete', 'update']);
  });

  it('renames with the rules of a save: a blank or too long name (400), another view of the list already named so (409), its own name in other letters is fine', async () => {
    const owner = await colleague();
    const first = (await save(owner.token, { name: 'Hà Nội' })).json().data;
    const second = (await save(owner.token, { name: 'Đà Nẵng' })).json().data;
    const rename = (id: number, name: string) => call(ctx.t.app, 'PUT', '/saved-view/update', owner.token, { id, name });
    expect((await rename(second.id, '  ')).json().error.fields).toEqual({ name: T.nameRequired });
    expect((await rename(second.id, 'x'.repeat(SAVED_VIEW_LIMITS.nameMax + 1))).json().error.fields).toEqual({ name: T.nameTooLong });
    const taken = await rename(second.id, 'HÀ NỘI');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields).toEqual({ name: T.nameTaken });
    const recased = await rename(first.id, 'HÀ NỘI');
    expect(recased.statusCode).toBe(200);
    // a rename keeps the view's filters and sort; a new search text alone keeps its name
    expect(recased.json().data).toMatchObject({ name: 'HÀ NỘI', query: first.query });
    const refiltered = await call(ctx.t.app, 'PUT', '/saved-view/update', owner.token, { id: first.id, query: 'source=zalo' });
    expect(refiltered.json().data).toMatchObject({ name: 'HÀ NỘI', query: 'source=zalo' });
  });

  it('refuses a bad name, list or search text with a message on the field', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: '   ' }, 'name', T.nameRequired],
      [{ name: 'x'.repeat(SAVED_VIEW_LIMITS.nameMax + 1) }, 'name', T.nameTooLong],
      [{ name: 'Dài', query: 'a='.padEnd(SAVED_VIEW_LIMITS.queryMax + 1, 'b') }, 'query', T.queryInvalid],
      [{ name: 'Dấu thăng', query: 'search=a#b' }, 'query', T.queryInvalid],
      [{ name: 'Khoảng trắng', query: 'search=a b' }, 'query', T.queryInvalid],
      [{ name: 'Không phải số', query: 5 }, 'query', T.queryInvalid],
      [{ name: 'Màn hình lạ', list_key: '/khong-co' }, 'list_key', T.listInvalid],
      [{ name: 'Địa chỉ lạ', list_key: 'assets/students' }, 'list_key', T.listInvalid],
    ];
    for (const [body, field, message] of cases) {
      const res = await save(ctx.tok.academicAffair, body);
      expect([res.statusCode, res.json().error.fields?.[field]]).toEqual([400, message]);
    }
  });

  it('keeps names unique per owner and list (letter case aside) and bounds the views of a user', async () => {
    const owner = await colleague();
    expect((await save(owner.token, { name: 'Mới tạo' })).statusCode).toBe(201);
    const again = await save(owner.token, { name: 'MỚI TẠO' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields).toEqual({ name: T.nameTaken });
    // the same name on another list, or by another user, is fine
    expect((await save(owner.token, { name: 'Mới tạo', list_key: '/assets/teachers' })).statusCode).toBe(201);
    expect((await save(ctx.tok.academicAffair, { name: 'Mới tạo' })).statusCode).toBe(201);

    await ctx.t.database.db.insert(savedViews).values(
      Array.from({ length: SAVED_VIEW_LIMITS.perUser - 2 }, (_, i) => ({ ownerId: owner.id, listKey: '/assets/teachers', name: `Lấp đầy ${i}`, query: '' })),
    );
    const over = await save(owner.token, { name: 'Một cái nữa' });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toBe(T.tooMany);
  });
});
