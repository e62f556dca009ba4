import { MESSAGES } from '@trungtam/shared/validation';
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
    const res = await call(t.app, 'PUT', '/user/update-profile', token, { name: '   ', phone_number: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({ name: MESSAGES.accountNameRequired, phone_number: MESSAGES.phoneRequired });
    expect((await call(t.app, 'PUT', '/user/update-profile', undefined, { name: 'A', phone_number: '1' })).statusCode).toBe(401);
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
