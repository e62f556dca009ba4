/**
 * Strict input (README "Strict input"): the cases measured against the API before it was
 * strict, each a 500 or a wrong row changed then, and the rules that close them.
 */
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema';
import { TEXT } from '../src/lib/errors';
import { snapshotDatabase, snapshotDifferences, type DatabaseSnapshot } from './support/snapshot';
import { call, setUpTestApp, DEMO_ACCOUNTS, DEMO_PASSWORD, login } from './helpers';

const ctx = setUpTestApp();

/** Runs `requests`, then checks that the database is exactly as it was before them. */
async function unchangedBy(requests: () => Promise<void>) {
  const before: DatabaseSnapshot = await snapshotDatabase(ctx.t.database);
  await requests();
  expect(snapshotDifferences(before, await snapshotDatabase(ctx.t.database))).toEqual([]);
}

const fieldsOf = (res: { json(): { error: { fields?: Record<string, string> } } }) => Object.keys(res.json().error.fields ?? {});

describe('no type coercion in JSON bodies', () => {
  it.each([[true], ['1'], [[1]], ['0x10'], ['16'], [1.5], [null], [2147483648]])(
    'PUT /user/update-password with id %j is a 400 naming id; no password changes',
    async (id) => {
      await unchangedBy(async () => {
        const res = await call(ctx.t.app, 'PUT', '/user/update-password', ctx.tok.admin, { id, password: 'doimatkhau1' });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.code).toBe('VALIDATION_FAILED');
        expect(fieldsOf(res)).toEqual(['id']);
      });
      // The administrator still signs in with the demo password, and the session lives on.
      await login(ctx.t.app, DEMO_ACCOUNTS.admin, DEMO_PASSWORD);
      expect((await call(ctx.t.app, 'GET', '/user/get-by-token', ctx.tok.admin)).statusCode).toBe(200);
    },
  );

  it.each([[true], ['1'], [[1]], ['0x10']])('enrollment_id %j on the enrolment update is a 400; enrolment 1 unchanged', async (value) => {
    await unchangedBy(async () => {
      const res = await call(ctx.t.app, 'PUT', '/learning/class-enrollment/update', ctx.tok.admin, { enrollment_id: value, discount_id: 1 });
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res)).toEqual(['enrollment_id']);
    });
  });

  it('nested ids are not coerced either: roles[].id, permissions[].id', async () => {
    await unchangedBy(async () => {
      const role = await call(ctx.t.app, 'POST', '/system/role/create', ctx.tok.admin, { name: 'Thử', guard_name: 'teacher', permissions: [{ id: true }] });
      expect(role.statusCode).toBe(400);
      expect(fieldsOf(role)).toEqual(['permissions.0.id']);
      const staff = await call(ctx.t.app, 'POST', '/auth/register', ctx.tok.admin, {
        email: 'gv.thu@trungtam.vn', name: 'Giáo viên thử', password: 'matkhau123', type: 'teacher', phone_number: '0900000000', roles: [{ id: '3' }],
      });
      expect(staff.statusCode).toBe(400);
      expect(fieldsOf(staff)).toEqual(['roles.0.id']);
    });
  });
});

describe('query and path integers are decimal digits only', () => {
  it.each(['0x10', '1e3', '%201', '1%20', '%2B1', '1.0', 'Infinity', '-Infinity', 'NaN', '1e309', 'true', '%EF%BC%91'])('%s is a 400 naming the parameter', async (text) => {
    const path = await call(ctx.t.app, 'GET', `/user/show/${text}`, ctx.tok.admin);
    expect(path.statusCode).toBe(400);
    expect(fieldsOf(path)).toEqual(['id']);
    for (const name of ['limit', 'page', 'user_id']) {
      const query = await call(ctx.t.app, 'GET', `/user/list?${name}=${text}`, ctx.tok.admin);
      expect(query.statusCode).toBe(400);
      expect(fieldsOf(query)).toEqual([name]);
    }
  });

  it('decimal integers, booleans and repeated keys still read as before', async () => {
    expect((await call(ctx.t.app, 'GET', '/user/show/16', ctx.tok.admin)).json().data.id).toBe(16);
    const list = await call(ctx.t.app, 'GET', '/user/list?limit=3&page=1&status=1&created_at=2000-01-01&created_at=2100-01-01&relationships=roles&relationships=roles', ctx.tok.admin);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.rows).toHaveLength(3);
    const one = await call(ctx.t.app, 'GET', '/user/list?limit=1&created_at=2000-01-01&relationships=roles', ctx.tok.admin);
    expect(one.statusCode).toBe(200);
    const unread = await call(ctx.t.app, 'GET', '/notifications?count_unread=true&is_read=2', ctx.tok.student);
    expect(unread.statusCode).toBe(200);
    expect(unread.json().data.unread_rows).toEqual(expect.any(Number));
    expect((await call(ctx.t.app, 'GET', '/notifications?count_unread=1', ctx.tok.student)).statusCode).toBe(400);
    const week = await call(ctx.t.app, 'GET', '/learning/class-schedule?schedule_date=2000-01-01&schedule_date=2100-01-01&limit=1', ctx.tok.admin);
    expect(week.statusCode).toBe(200);
  });
});

describe('integers are bounded', () => {
  it.each(['2147483648', '0', '-1', '99999999999999999999'])('id %s in a path is a 400 naming id', async (id) => {
    for (const url of [`/user/show/${id}`, `/system/role/show/${id}`, `/discounts/${id}`, `/learning/class/show/${id}`]) {
      const res = await call(ctx.t.app, 'GET', url, ctx.tok.admin);
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res)).toEqual(['id']);
    }
    await unchangedBy(async () => {
      expect((await call(ctx.t.app, 'DELETE', `/user/delete/${id}`, ctx.tok.admin)).statusCode).toBe(400);
      expect((await call(ctx.t.app, 'DELETE', `/learning/class-enrollment/${id}`, ctx.tok.admin)).statusCode).toBe(400);
      expect((await call(ctx.t.app, 'PUT', `/notifications/${id}/read-all`, ctx.tok.admin)).statusCode).toBe(400);
    });
  });

  it('filters, bodies and nested ids stop at 2147483647; page at its maximum', async () => {
    for (const query of ['user_id=2147483648', 'center_id=2147483648', 'status=32768', 'page=1000001']) {
      const res = await call(ctx.t.app, 'GET', `/user/list?${query}`, ctx.tok.admin);
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res)).toEqual([query.split('=')[0]]);
    }
    expect((await call(ctx.t.app, 'GET', '/user/list?user_id=2147483647&page=1000000', ctx.tok.admin)).json().data.rows).toEqual([]);
    await unchangedBy(async () => {
      const res = await call(ctx.t.app, 'PUT', '/system/role/update', ctx.tok.admin, { id: 2147483648, name: 'X', guard_name: 'teacher', permissions: [{ id: 2147483648 }] });
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res).sort()).toEqual(['id', 'permissions.0.id']);
    });
  });
});

describe('text is bounded and free of NUL', () => {
  it('NUL in self sign-up is a 400 naming the field; no account is created', async () => {
    await unchangedBy(async () => {
      for (const field of ['email', 'firstname', 'lastname', 'password']) {
        const body: Record<string, string> = { email: 'nul.test@gmail.com', firstname: 'Minh', lastname: 'Phạm', password: 'hoclaptot2026' };
        body[field] = field === 'email' ? 'nul\u0000test@gmail.com' : `${body[field]}\u0000`;
        const res = await call(ctx.t.app, 'POST', '/auth/register', undefined, body);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.fields).toEqual({ [field]: TEXT.nulCharacter });
      }
    });
  });

  it('NUL anywhere else is a 400 naming the field, never a 500', async () => {
    const login = await call(ctx.t.app, 'POST', '/auth/login', undefined, { email: 'admin@trungtam.vn\u0000', password: DEMO_PASSWORD });
    expect(login.statusCode).toBe(400);
    expect(fieldsOf(login)).toEqual(['email']);
    const search = await call(ctx.t.app, 'GET', '/user/list?search=a%00b', ctx.tok.admin);
    expect(search.statusCode).toBe(400);
    expect(fieldsOf(search)).toEqual(['search']);
    await unchangedBy(async () => {
      const profile = await call(ctx.t.app, 'PUT', '/user/update-profile', ctx.tok.teacher, { name: 'Tên\u0000', phone_number: '0900000000' });
      expect(profile.statusCode).toBe(400);
      expect(fieldsOf(profile)).toEqual(['name']);
    });
  });
});

describe('whitelists hold only their own names', () => {
  const lists = ['/user/list', '/user/export', '/system/role/list', '/system/audit-log/list', '/learning/center/list', '/learning/class/list', '/learning/class-enrollment/list', '/discounts', '/notifications', '/learning/class-schedule'];
  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])('sort_column=%s is a 400 on every list', async (word) => {
    for (const url of lists) {
      const res = await call(ctx.t.app, 'GET', `${url}?sort_column=${word}`, ctx.tok.admin);
      expect([url, res.statusCode, fieldsOf(res)]).toEqual([url, 400, ['sort_column']]);
    }
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])('relationships=%s is a 400 on every list and where relationships exist', async (word) => {
    // the audit log and /notifications have no relationships: a name is a 400 there too, not ignored
    for (const url of [...lists, '/learning/class/show/1']) {
      const res = await call(ctx.t.app, 'GET', `${url}?relationships=${word}`, ctx.tok.admin);
      expect([url, res.statusCode, fieldsOf(res)]).toEqual([url, 400, ['relationships']]);
    }
  });
});

describe('unknown properties are dropped before the handler', () => {
  const extras = {
    password_hash: 'x', passwordHash: 'x', token_version: 99, tokenVersion: 99, role_id: 1, roleId: 1,
    deleted_at: '2000-01-01', deletedAt: '2000-01-01', last_time_login: '2000-01-01', created_at: '2000-01-01', is_admin: true,
  };

  it('a whole account object sent back on update changes only the fields the update takes', async () => {
    const before = (await ctx.t.database.db.select().from(users).where(eq(users.id, 16)))[0];
    const shown = (await call(ctx.t.app, 'GET', '/user/show/16', ctx.tok.admin)).json().data;
    const res = await call(ctx.t.app, 'PUT', '/user/update', ctx.tok.admin, { ...shown, ...extras, name: 'Đặng Anh Long' });
    expect(res.statusCode).toBe(200);
    const after = (await ctx.t.database.db.select().from(users).where(eq(users.id, 16)))[0];
    expect(after).toMatchObject({
      name: 'Đặng Anh Long',
      passwordHash: before.passwordHash,
      roleId: before.roleId,
      deletedAt: null,
      createdAt: before.createdAt,
      lastTimeLogin: before.lastTimeLogin,
    });
  });

  it('self sign-up cannot choose its type, role, status or centre', async () => {
    const res = await call(ctx.t.app, 'POST', '/auth/register', undefined, {
      email: 'tu.dangky@gmail.com', firstname: 'Minh An', lastname: 'Lê Thị', password: 'hoclaptot2026',
      type: 'administrator', roles: [{ id: 1 }], status: 4, center_id: 1, ...extras,
    });
    expect(res.statusCode).toBe(200);
    const [row] = await ctx.t.database.db.select().from(users).where(eq(users.email, 'tu.dangky@gmail.com'));
    // (waiting for approval: the default self sign-up mode, not the status sent)
    expect(row).toMatchObject({ type: 'student', roleId: 4, status: 2, centerId: null, deletedAt: null });
  });

  it('prototype keys in a JSON body are refused as a whole', async () => {
    await unchangedBy(async () => {
      for (const payload of ['{"__proto__":{"type":"administrator"},"name":"A","phone_number":"0900000000"}', '{"constructor":{"prototype":{"x":1}},"name":"A","phone_number":"0900000000"}']) {
        const res = await ctx.t.app.inject({ method: 'PUT', url: '/api/v1/user/update-profile', headers: { authorization: `Bearer ${ctx.tok.teacher}`, 'content-type': 'application/json' }, payload });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.code).toBe('VALIDATION_FAILED');
      }
    });
  });
});

describe('GET /user/export', () => {
  it.each([
    ['user_id=2147483648', 'user_id'],
    ['created_at=2026-01-01&created_at=not-a-date', 'created_at'],
    ['created_at=2026-02-30', 'created_at'],
    ['search=a%00b', 'search'],
    ['sort_column=__proto__', 'sort_column'],
    ['relationships=constructor', 'relationships'],
    ['status=1e3', 'status'],
  ])('with %s answers a 400 in JSON before any byte of the file', async (query, field) => {
    const res = await call(ctx.t.app, 'GET', `/user/export?${query}`, ctx.tok.admin);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(fieldsOf(res)).toEqual([field]);
  });

  it('a filter the database refuses is an error answer, not a download cut off', async () => {
    // Stands in for any failure of the query itself (the schema leaves no bad input to reach it).
    const original = ctx.t.database.db.execute.bind(ctx.t.database.db);
    let refused = 0;
    (ctx.t.database.db as { execute: unknown }).execute = (...args: unknown[]) => {
      if (new Error().stack?.includes('exportUserBatches')) {
        refused += 1;
        throw new Error('query refused');
      }
      return (original as (...a: unknown[]) => unknown)(...args);
    };
    try {
      const res = await call(ctx.t.app, 'GET', '/user/export?type=student', ctx.tok.admin);
      expect(res.statusCode).toBe(500);
      expect(res.headers['content-disposition']).toBeUndefined();
      expect(res.json().error.code).toBe('INTERNAL');
      expect(refused).toBe(1);
    } finally {
      (ctx.t.database.db as { execute: unknown }).execute = original;
    }
    const ok = await call(ctx.t.app, 'GET', '/user/export?type=student', ctx.tok.admin);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-disposition']).toMatch(/attachment/);
  });
});

describe('refused before routing', () => {
  it('a URL that is not valid percent-encoding, or a path parameter over 100 characters, is a 400 with the error body', async () => {
    for (const url of ['/user/show/%E0%A4%A', `/user/show/${'1'.repeat(101)}`]) {
      const res = await call(ctx.t.app, 'GET', url, ctx.tok.admin);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({ code: 'VALIDATION_FAILED', message: TEXT.validation });
    }
  });
});
