/**
 * Self sign-up's three modes, and the "Chờ duyệt" queue: approve into a centre and a class (the enrolment
 * service), reject, who reaches a waiting account, and what a waiting account's token may do.
 */
import { and, eq } from 'drizzle-orm';
import type { Discount, LearningClass } from '@trungtam/shared/contracts/learning';
import { auditLogs, enrollments } from '../src/db/schema';
import { SIGNUP_TEXT } from '../src/services/self-signup';
import { REFERENCE_TEXT } from '../src/access/references';
import { call, login, setUpTestApp } from './helpers';

const ctx = setUpTestApp();
let seq = 0;
let hnClass: LearningClass;
let hcmClass: LearningClass;
let allowed: Discount;

const setMode = (mode: unknown, token = ctx.tok.admin) => call(ctx.t.app, 'PUT', '/system/self-signup', token, { mode });
const mode = async () => (await call(ctx.t.app, 'GET', '/auth/registration-mode')).json().data.mode;
const signUp = () => {
  seq += 1;
  return call(ctx.t.app, 'POST', '/auth/register', undefined, { email: `tu.dang.ky.${seq}@gmail.com`, firstname: 'Minh Anh', lastname: 'Phạm', password: 'hoclaptot2026' });
};

beforeAll(async () => {
  const res = await call(ctx.t.app, 'GET', '/learning/class/list?limit=1000&page=1&relationships=product_item', ctx.tok.admin);
  const classes: LearningClass[] = res.json().data.rows;
  hnClass = classes.find((c) => c.center_id === 1 && c.product_item)!;
  hcmClass = classes.find((c) => c.center_id === 2 && c.product_item)!;
  const d = await call(ctx.t.app, 'GET', '/discounts?page=1&limit=100&sort_column=discount_id&sort_type=DESC', ctx.tok.admin);
  const ids = hnClass.product_item!.product!.discount_ids;
  allowed = (d.json().data.rows as Discount[]).find((x) => ids.includes(x.discount_id))!;
});

describe('the self sign-up setting', () => {
  it('needs approval by default; an administrator sets it (audited), nobody else, and only to a known mode', async () => {
    expect(await mode()).toBe('approval');
    expect((await setMode('open', ctx.tok.academicAffair)).statusCode).toBe(403);
    expect((await setMode('open', ctx.tok.teacher)).statusCode).toBe(403);
    const bad = await setMode('wide-open');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.mode).toBe('Chế độ đăng ký phải là open, approval hoặc closed');
    expect((await setMode(1)).statusCode).toBe(400);
    expect(await mode()).toBe('approval');

    const set = await setMode('closed');
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toEqual({ mode: 'closed' });
    expect(await mode()).toBe('closed');
    const [entry] = await ctx.t.database.db.select().from(auditLogs).where(eq(auditLogs.resource, 'SelfSignup'));
    expect(entry).toMatchObject({ action: 'update', before: { mode: 'approval' }, after: { mode: 'closed' } });
  });

  it('closed: the sign-up is refused with the Vietnamese reason, and no account is made', async () => {
    await setMode('closed');
    const res = await signUp();
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({ code: 'REGISTRATION_CLOSED', message: SIGNUP_TEXT.closed });
    expect((await call(ctx.t.app, 'POST', '/auth/login', undefined, { email: `tu.dang.ky.${seq}@gmail.com`, password: 'hoclaptot2026' })).statusCode).toBe(401);
    // staff still create accounts
    const staff = await call(ctx.t.app, 'POST', '/auth/register', ctx.tok.admin, {
      email: `hv.tao.${seq}@trungtam.vn`, name: 'Học viên Tạo', password: 'matkhau123', type: 'student', phone_number: '0900000000', roles: [{ id: 4 }], center_id: 1,
    });
    expect(staff.statusCode).toBe(201);
  });

  it('open: the account works at once', async () => {
    await setMode('open');
    const res = await signUp();
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ status: 1, type: 'student' });
    expect((await call(ctx.t.app, 'GET', '/learning/class-schedule?limit=5', res.json().data.auth.accessToken)).statusCode).toBe(200);
  });
});

describe('needs approval', () => {
  beforeAll(async () => {
    await setMode('approval');
  });

  it('the account signs in and reads itself, and nothing else, until approved', async () => {
    const res = await signUp();
    expect(res.statusCode).toBe(200);
    const { auth, user } = res.json().data;
    expect(user).toMatchObject({ status: 2, type: 'student', center_id: null });
    expect((await call(ctx.t.app, 'GET', '/user/get-by-token', auth.accessToken)).json().data.status).toBe(2);
    const refused = await call(ctx.t.app, 'GET', '/learning/class-schedule?limit=5', auth.accessToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({ code: 'ACCOUNT_PENDING', message: SIGNUP_TEXT.pending });
    expect((await call(ctx.t.app, 'GET', '/system/remote/manifest', auth.accessToken)).statusCode).toBe(403);
    // signing in again works the same way
    const again = await login(ctx.t.app, `tu.dang.ky.${seq}@gmail.com`, 'hoclaptot2026');
    expect((await call(ctx.t.app, 'GET', '/user/get-by-token', again)).statusCode).toBe(200);
    expect((await call(ctx.t.app, 'POST', '/auth/logout', again, {})).statusCode).toBe(200);
  });

  it('staff list the waiting accounts; every giáo vụ sees them (no centre yet), a teacher does not', async () => {
    const { user } = (await signUp()).json().data;
    for (const token of [ctx.tok.admin, ctx.tok.academicAffair]) {
      const list = await call(ctx.t.app, 'GET', '/user/list?type=student&status=2&limit=100', token);
      expect(list.statusCode).toBe(200);
      expect(list.json().data.rows.map((r: { id: number }) => r.id)).toContain(user.id);
      expect(list.json().data.rows.every((r: { status: number }) => r.status === 2)).toBe(true);
    }
    expect((await call(ctx.t.app, 'GET', '/user/list?type=student&status=2', ctx.tok.teacher)).statusCode).toBe(403);
  });

  it('a giáo vụ approves into their own centre and a class of it: the student is enrolled and then works', async () => {
    const { user } = (await signUp()).json().data;
    const token = await login(ctx.t.app, user.email, 'hoclaptot2026');
    // another centre, or a class of another centre: refused, the account still waits
    const otherCentre = await call(ctx.t.app, 'POST', '/user/approve', ctx.tok.academicAffair, { user_id: user.id, center_id: 2 });
    expect(otherCentre.statusCode).toBe(400);
    expect(otherCentre.json().error.fields.center_id).toBe(REFERENCE_TEXT.center);
    const otherClass = await call(ctx.t.app, 'POST', '/user/approve', ctx.tok.academicAffair, { user_id: user.id, center_id: 1, class_id: hcmClass.class_id, discount_id: allowed.discount_id });
    expect(otherClass.statusCode).toBe(400);
    const noDiscount = await call(ctx.t.app, 'POST', '/user/approve', ctx.tok.academicAffair, { user_id: user.id, center_id: 1, class_id: hnClass.class_id });
    expect(noDiscount.json().error.fields).toEqual({ discount_id: SIGNUP_TEXT.discountRequired });
    // strict input: no coercion
    expect((await call(ctx.t.app, 'POST', '/user/approve', ctx.tok.academicAffair, { user_id: String(user.id), center_id: 1 })).statusCode).toBe(400);
    expect((await call(ctx.t.app, 'GET', '/user/get-by-token', token)).json().data.status).toBe(2);

    const approved = await call(ctx.t.app, 'POST', '/user/approve', ctx.tok.academicAffair, {
      user_id: user.id, center_id: 1, class_id: hnClass.class_id, discount_id: allowed.discount_id,
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({ id: user.id, status: 1, center_id: 1 });
    const enrolled = await ctx.t.database.db.select().from(enrollments).where(and(eq(enrollments.userId, user.id), eq(enrollments.classId, hnClass.class_id)));
    expect(enrolled).toHaveLength(1);
    const [entry] = await ctx.t.database.db.select().from(auditLogs).where(and(eq(auditLogs.action, 'approve'), eq(auditLogs.resourceId, String(user.id))));
    expect(entry.after).toMatchObject({ status: 1, class_id: hnClass.class_id });
    // the same token now works; approving twice is refused
    expect((await call(ctx.t.app, 'GET', '/learning/class-schedule?limit=5', token)).statusCode).toBe(200);
    const twice = await call(ctx.t.app, 'POST', '/user/approve', ctx.tok.admin, { user_id: user.id, center_id: 1 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(SIGNUP_TEXT.notPending);
  });

  it('an administrator approves into any centre without a class', async () => {
    const { user } = (await signUp()).json().data;
    const approved = await call(ctx.t.app, 'POST', '/user/approve', ctx.tok.admin, { user_id: user.id, center_id: 2, class_id: null });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 1, center_id: 2 });
    // now in the other centre: out of the Hà Nội giáo vụ's reach
    expect((await call(ctx.t.app, 'POST', '/user/reject', ctx.tok.academicAffair, { user_id: user.id })).statusCode).toBe(403);
  });

  it('reject deletes the waiting account and ends its sessions (audited); a teacher may neither approve nor reject', async () => {
    const { user } = (await signUp()).json().data;
    const token = await login(ctx.t.app, user.email, 'hoclaptot2026');
    expect((await call(ctx.t.app, 'POST', '/user/reject', ctx.tok.teacher, { user_id: user.id })).statusCode).toBe(403);
    expect((await call(ctx.t.app, 'POST', '/user/approve', ctx.tok.teacher, { user_id: user.id, center_id: 1 })).statusCode).toBe(403);
    const rejected = await call(ctx.t.app, 'POST', '/user/reject', ctx.tok.academicAffair, { user_id: user.id });
    expect(rejected.statusCode).toBe(200);
    expect((await call(ctx.t.app, 'GET', '/user/get-by-token', token)).statusCode).toBe(401);
    expect((await call(ctx.t.app, 'POST', '/user/reject', ctx.tok.admin, { user_id: user.id })).statusCode).toBe(404);
    const [entry] = await ctx.t.database.db.select().from(auditLogs).where(and(eq(auditLogs.action, 'reject'), eq(auditLogs.resourceId, String(user.id))));
    expect(entry).toBeDefined();
    // an active account is not "rejected"
    const student = (await call(ctx.t.app, 'GET', '/user/get-by-token', ctx.tok.student)).json().data;
    expect((await call(ctx.t.app, 'POST', '/user/reject', ctx.tok.admin, { user_id: student.id })).statusCode).toBe(409);
  });

  it('an edit of a waiting account through the account form keeps it waiting', async () => {
    const { user } = (await signUp()).json().data;
    const res = await call(ctx.t.app, 'PUT', '/user/update', ctx.tok.admin, {
      id: user.id, name: 'Phạm Minh Anh', email: user.email, phone_number: '', type: 'student', status: 1, roles: [{ id: user.roles[0].id }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe(2);
  });
});
