import { eq } from 'drizzle-orm';
import { LIMITS, MESSAGES, tooLongMessage } from '@trungtam/shared/validation';
import { users } from '../src/db/schema';
import { call, createTestContext, DEMO_ACCOUNTS, DEMO_PASSWORD, login, type TestContext } from './helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

describe('GET /user/profile', () => {
  it("returns the caller's account with their centre's name, no password", async () => {
    const token = await login(t.app, DEMO_ACCOUNTS.teacher);
    const res = await call(t.app, 'GET', '/user/profile', token);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ email: DEMO_ACCOUNTS.teacher, type: 'teacher' });
    expect(data.center).toEqual({ center_id: data.center_id, name: expect.any(String) });
    expect(JSON.stringify(data)).not.toContain('password');
    const admin = (await call(t.app, 'GET', '/user/profile', await login(t.app, DEMO_ACCOUNTS.admin))).json().data;
    expect(admin.center).toBeNull();
  });
});

describe('PUT /user/update-profile', () => {
  it('changes the name and phone of the caller only', async () => {
    const token = await login(t.app, DEMO_ACCOUNTS.student);
    const res = await call(t.app, 'PUT', '/user/update-profile', token, { name: '  Lê Gia Bảo Mới ', phone_number: '0909999999' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ email: DEMO_ACCOUNTS.student, name: 'Lê Gia Bảo Mới', phone_number: '0909999999', type: 'student' });
    const me = (await call(t.app, 'GET', '/user/get-by-token', token)).json().data;
    expect(me).toMatchObject({ name: 'Lê Gia Bảo Mới', phone_number: '0909999999' });
  });

  it('ignores anything but name and phone (no type, status or id change)', async () => {
    const token = await login(t.app, DEMO_ACCOUNTS.teacher);
    const me = (await call(t.app, 'GET', '/user/get-by-token', token)).json().data;
    const res = await call(t.app, 'PUT', '/user/update-profile', token, {
      name: 'Nguyễn Minh Tuấn', phone_number: '0901000003', id: 1, type: 'administrator', status: 4, email: DEMO_ACCOUNTS.admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: me.id, type: 'teacher', status: 1, email: DEMO_ACCOUNTS.teacher });
    const admin = await login(t.app, DEMO_ACCOUNTS.admin);
    expect((await call(t.app, 'GET', '/user/get-by-token', admin)).json().data.name).toBe('Quản trị viên');
  });

  it('refuses an empty name or phone with the form messages, and a call without a token', async () => {
    const token = await login(t.app, DEMO_ACCOUNTS.teacher);
    const me = (await call(t.app, 'GET', '/user/get-by-token', token)).json().data;
    const noName = await call(t.app, 'PUT', '/user/update-profile', token, { name: '   ', phone_number: me.phone_number });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.fields).toEqual({ name: MESSAGES.accountNameRequired });
    // a phone once given cannot be taken away
    const noPhone = await call(t.app, 'PUT', '/user/update-profile', token, { name: me.name, phone_number: '  ' });
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json().error.fields).toEqual({ phone_number: MESSAGES.phoneRequired });
    expect((await call(t.app, 'PUT', '/user/update-profile', undefined, { name: 'A', phone_number: '1' })).statusCode).toBe(401);
  });

  it('takes a new phone only as a Vietnamese number (0 or +84 and nine digits), as the accounts forms do', async () => {
    const token = await login(t.app, DEMO_ACCOUNTS.teacher);
    const me = (await call(t.app, 'GET', '/user/get-by-token', token)).json().data;
    for (const phone_number of ['abcxyz', '0912 345 678', '091234567', '84912345678', '+8491234567890']) {
      const res = await call(t.app, 'PUT', '/user/update-profile', token, { name: me.name, phone_number });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ phone_number: MESSAGES.phoneFormat });
    }
    const tooLong = await call(t.app, 'PUT', '/user/update-profile', token, { name: me.name, phone_number: '0'.repeat(21) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.fields).toEqual({ phone_number: tooLongMessage(LIMITS.phone.max) });
    // nothing was written
    expect((await call(t.app, 'GET', '/user/get-by-token', token)).json().data.phone_number).toBe(me.phone_number);
    const ok = await call(t.app, 'PUT', '/user/update-profile', token, { name: me.name, phone_number: ' +84912345678 ' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.phone_number).toBe('+84912345678');
  });

  it('keeps a phone stored in an older format, or none, while it is not changed', async () => {
    const email = 'tu.dang.ky.hoso@gmail.com';
    const password = 'Hoc-vien-2026';
    // self sign-up open: the account works at once
    expect((await call(t.app, 'PUT', '/system/self-signup', await login(t.app, DEMO_ACCOUNTS.admin), { mode: 'open' })).statusCode).toBe(200);
    expect((await call(t.app, 'POST', '/auth/register', undefined, { email, firstname: 'Thu', lastname: 'Trần', password })).statusCode).toBe(200);
    const token = await login(t.app, email, password);
    // signed up on their own: no phone, and the name can change without one
    const named = await call(t.app, 'PUT', '/user/update-profile', token, { name: 'Trần Thu', phone_number: '' });
    expect(named.statusCode).toBe(200);
    expect(named.json().data).toMatchObject({ name: 'Trần Thu', phone_number: null });

    await t.database.db.update(users).set({ phoneNumber: '0912 345 678' }).where(eq(users.email, email));
    const kept = await call(t.app, 'PUT', '/user/update-profile', token, { name: 'Trần Minh Thu', phone_number: '0912 345 678' });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data).toMatchObject({ name: 'Trần Minh Thu', phone_number: '0912 345 678' });
    // once changed, the phone is checked as a new one
    const changed = await call(t.app, 'PUT', '/user/update-profile', token, { name: 'Trần Minh Thu', phone_number: '0912 345 679' });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().error.fields).toEqual({ phone_number: MESSAGES.phoneFormat });
  });
});

describe('POST /user/change-password from the account page', () => {
  it('keeps the new token working, signs out the other sessions, refuses a wrong current password', async () => {
    const here = await login(t.app, DEMO_ACCOUNTS.teacher);
    const elsewhere = await login(t.app, DEMO_ACCOUNTS.teacher);
    const body = { email: DEMO_ACCOUNTS.teacher, password: DEMO_PASSWORD, new_password: 'matkhaumoi9', confirm_password: 'matkhaumoi9' };

    const wrong = await call(t.app, 'POST', '/user/change-password', here, { ...body, password: 'saimatkhau' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('Mật khẩu hiện tại không chính xác');
    expect((await call(t.app, 'GET', '/user/get-by-token', elsewhere)).statusCode).toBe(200);

    const ok = await call(t.app, 'POST', '/user/change-password', here, body);
    expect(ok.statusCode).toBe(200);
    const fresh = ok.json().data.auth.accessToken;
    expect((await call(t.app, 'GET', '/user/get-by-token', fresh)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/user/get-by-token', elsewhere)).statusCode).toBe(401);
    expect((await call(t.app, 'POST', '/auth/login', undefined, { email: DEMO_ACCOUNTS.teacher, password: 'matkhaumoi9' })).statusCode).toBe(200);
  });
});
