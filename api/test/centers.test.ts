/** Centres: the resource factory's five routes, with validation, permission, audit and 409s. */
import { call, setUpTestApp } from './helpers';

const ctx = setUpTestApp();

const body = (over: Record<string, unknown> = {}) => ({ name: 'Trung tâm Hải Phòng', address: '12 Lạch Tray, Hải Phòng', phone_number: '0225 3888 999', status: 1, ...over });

describe('centres', () => {
  it('lists with search, status filter, sort and paging; a giáo vụ lists their own centre, teachers may not', async () => {
    // a giáo vụ of a centre sees that centre only
    const own = await call(ctx.t.app, 'GET', '/learning/center/list?limit=10', ctx.tok.academicAffair);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.rows.map((c: { name: string }) => c.name)).toEqual(['Trung tâm Hà Nội']);
    const all = await call(ctx.t.app, 'GET', '/learning/center/list?limit=10&sort_column=name&sort_type=ASC', ctx.tok.admin);
    const names = all.json().data.rows.map((c: { name: string }) => c.name);
    const desc = (await call(ctx.t.app, 'GET', '/learning/center/list?limit=10&sort_column=name&sort_type=DESC', ctx.tok.admin)).json().data.rows;
    expect(desc.map((c: { name: string }) => c.name)).toEqual([...names].reverse());
    expect(all.json().data.total_rows).toBeGreaterThanOrEqual(3);
    const found = (await call(ctx.t.app, 'GET', '/learning/center/list?search=hà nội', ctx.tok.admin)).json().data.rows;
    expect(found.map((c: { name: string }) => c.name)).toEqual(['Trung tâm Hà Nội']);
    expect((await call(ctx.t.app, 'GET', '/learning/center/list?status=2', ctx.tok.admin)).json().data.total_rows).toBe(0);
    expect((await call(ctx.t.app, 'GET', '/learning/center/list', ctx.tok.teacher)).statusCode).toBe(403);
    for (const bad of ['sort_column=__proto__', 'relationships=__proto__', 'relationships=rooms', 'status=0x10', 'status=99999', 'page=0', `search=${'x'.repeat(101)}`]) {
      expect((await call(ctx.t.app, 'GET', `/learning/center/list?${bad}`, ctx.tok.admin)).statusCode).toBe(400);
    }
  });

  it('creates, shows, updates and deletes, each write in the audit log', async () => {
    const created = await call(ctx.t.app, 'POST', '/learning/center/create', ctx.tok.admin, body());
    expect(created.statusCode).toBe(201);
    const centre = created.json().data;
    expect(centre).toMatchObject({ name: 'Trung tâm Hải Phòng', status: 1, phone_number: '0225 3888 999' });
    expect((await call(ctx.t.app, 'GET', `/learning/center/show/${centre.center_id}`, ctx.tok.admin)).json().data).toEqual(centre);

    const updated = await call(ctx.t.app, 'PUT', '/learning/center/update', ctx.tok.admin, { center_id: centre.center_id, ...body({ status: 2, address: '  ' }) });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ status: 2, address: null });

    expect((await call(ctx.t.app, 'DELETE', `/learning/center/delete/${centre.center_id}`, ctx.tok.admin)).statusCode).toBe(200);
    expect((await call(ctx.t.app, 'GET', `/learning/center/show/${centre.center_id}`, ctx.tok.admin)).statusCode).toBe(404);
    const audit = (await call(ctx.t.app, 'GET', '/system/audit-log/list?resource=Center&limit=10', ctx.tok.admin)).json().data.rows;
    expect(audit.map((e: { action: string }) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(audit[1].before).toMatchObject({ status: 1 });
    expect(audit[1].after).toMatchObject({ status: 2 });
  });

  it("keeps the centre's rules for lessons: defaults for a new centre, changed when sent, kept when left out", async () => {
    const created = (await call(ctx.t.app, 'POST', '/learning/center/create', ctx.tok.admin, body({ name: 'Trung tâm Vinh' }))).json().data;
    expect(created).toMatchObject({ absence_costs_lesson: false, low_balance_threshold: 2 });
    const changed = await call(ctx.t.app, 'PUT', '/learning/center/update', ctx.tok.admin, { center_id: created.center_id, ...body({ name: 'Trung tâm Vinh', absence_costs_lesson: true, low_balance_threshold: 0 }) });
    expect(changed.json().data).toMatchObject({ absence_costs_lesson: true, low_balance_threshold: 0 });
    // a client that does not know the rules (the spec's body) leaves them as they are
    const kept = await call(ctx.t.app, 'PUT', '/learning/center/update', ctx.tok.admin, { center_id: created.center_id, ...body({ name: 'Trung tâm Vinh', status: 2 }) });
    expect(kept.json().data).toMatchObject({ status: 2, absence_costs_lesson: true, low_balance_threshold: 0 });
  });

  it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
    const before = (await call(ctx.t.app, 'GET', '/learning/center/list', ctx.tok.admin)).json().data.total_rows;
    const cases: Array<[Record<string, unknown>, string]> = [
      [body({ name: '' }), 'name'],
      [body({ name: '   ' }), 'name'],
      [body({ name: 'x'.repeat(256) }), 'name'],
      [body({ name: 'A\u0000B' }), 'name'],
      [body({ status: '1' }), 'status'],
      [body({ status: true }), 'status'],
      [body({ status: 3 }), 'status'],
      [body({ phone_number: 'gọi tôi' }), 'phone_number'],
      [body({ absence_costs_lesson: 'true' }), 'absence_costs_lesson'],
      [body({ absence_costs_lesson: 1 }), 'absence_costs_lesson'],
      [body({ low_balance_threshold: 101 }), 'low_balance_threshold'],
      [body({ low_balance_threshold: -1 }), 'low_balance_threshold'],
      [body({ low_balance_threshold: 2.5 }), 'low_balance_threshold'],
      [body({ low_balance_threshold: '2' }), 'low_balance_threshold'],
    ];
    for (const [payload, field] of cases) {
      const res = await call(ctx.t.app, 'POST', '/learning/center/create', ctx.tok.admin, payload);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().error.fields)).toContain(field);
    }
    for (const id of [true, '1', [1], '0x10', 2147483648, 0]) {
      const res = await call(ctx.t.app, 'PUT', '/learning/center/update', ctx.tok.admin, { ...body(), center_id: id });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().error.fields)).toContain('center_id');
    }
    expect((await call(ctx.t.app, 'GET', '/learning/center/list', ctx.tok.admin)).json().data.total_rows).toBe(before);
  });

  it('answers 403 without the permission, 404 for an unknown id, 409 for a centre in use', async () => {
    expect((await call(ctx.t.app, 'POST', '/learning/center/create', ctx.tok.academicAffair, body())).statusCode).toBe(403);
    expect((await call(ctx.t.app, 'DELETE', '/learning/center/delete/1', ctx.tok.academicAffair)).statusCode).toBe(403);
    expect((await call(ctx.t.app, 'GET', '/learning/center/show/999999', ctx.tok.admin)).statusCode).toBe(404);
    expect((await call(ctx.t.app, 'PUT', '/learning/center/update', ctx.tok.admin, { center_id: 999999, ...body() })).statusCode).toBe(404);
    const inUse = await call(ctx.t.app, 'DELETE', '/learning/center/delete/1', ctx.tok.admin);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().error.message).toMatch(/không thể xoá/);
    expect((await call(ctx.t.app, 'GET', '/learning/center/show/1', ctx.tok.admin)).statusCode).toBe(200);
  });
});
