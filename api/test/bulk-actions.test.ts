/**
 * Bulk actions and undo: a bulk route acts on each row on its own (the single route's reach, policy and
 * rules per row) and answers which rows succeeded and why each other one was refused; a soft delete stays
 * restorable, exactly as it was, for UNDO_WINDOW_SECONDS and no longer after.
 */
import { and, eq, sql } from 'drizzle-orm';
import { BULK_LIMIT, BULK_TEXT, UNDO_WINDOW_SECONDS, type BulkResult } from '@trungtam/shared/contracts';
import { ROOM_TEXT } from '@trungtam/shared/schemas/settings';
import { auditLogs, classes, enrollments, notifications, productDiscounts, rooms, users, variantGroups, variants } from '../src/db/schema';
import { ACCOUNT_BULK_TEXT } from '../src/services/account-bulk';
import { TEXT } from '../src/lib/errors';
import { call, setUpTestApp, userIdByEmail, DEMO_ACCOUNTS } from './helpers';

const ctx = setUpTestApp();
const app = () => ctx.t.app;
const db = () => ctx.t.database.db;

type Row = Record<string, unknown>;
const rowsOf = async (url: string, token: string): Promise<Row[]> => (await call(app(), 'GET', url, token)).json().data.rows;
const bulk = async (url: string, token: string, body: unknown): Promise<BulkResult> => {
  const res = await call(app(), 'POST', url, token, body);
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

async function newRooms(centerId: number, count: number, prefix: string): Promise<number[]> {
  const ids: number[] = [];
  for (let n = 1; n <= count; n += 1) {
    const res = await call(app(), 'POST', '/learning/room/create', ctx.tok.admin, { center_id: centerId, name: `${prefix} ${n}`, room_number: `R${n}`, capacity: n });
    expect(res.statusCode).toBe(201);
    ids.push(res.json().data.room_id);
  }
  return ids;
}

/** A room some class uses: its delete is refused (409 naming what uses it). */
async function roomInUse(centerId: number): Promise<number> {
  const [used] = await db()
    .select({ roomId: rooms.roomId })
    .from(rooms)
    .innerJoin(classes, eq(classes.roomId, rooms.roomId))
    .where(and(eq(rooms.centerId, centerId), sql`${classes.deletedAt} is null`))
    .limit(1);
  return used.roomId;
}

describe('bulk delete', () => {
  it('deletes 50 rooms row by row: the one in use is refused with its reason, the others go', async () => {
    const ids = await newRooms(1, 49, 'Phòng loạt');
    const inUse = await roomInUse(1);
    const result = await bulk('/learning/room/bulk-delete', ctx.tok.admin, { ids: [...ids, inUse] });
    expect(result.succeeded).toEqual(ids);
    expect(result.refused).toEqual([{ id: inUse, reason: expect.stringMatching(/^Phòng học đang được sử dụng \(\d+ lớp học.*\): không thể xoá$/) }]);
    const left = await rowsOf('/learning/room/list?limit=100&search=Phòng loạt', ctx.tok.admin);
    expect(left).toEqual([]);
    expect((await call(app(), 'GET', `/learning/room/show/${inUse}`, ctx.tok.admin)).statusCode).toBe(200);
    // one audit entry per row deleted, as the single delete writes
    const [{ n }] = await db().select({ n: sql<number>`count(*)::int` }).from(auditLogs).where(and(eq(auditLogs.action, 'delete'), eq(auditLogs.resource, 'Room')));
    expect(Number(n)).toBeGreaterThanOrEqual(49);
  });

  it("keeps a giáo vụ to their centre's rooms: another centre's is refused, a missing one named as such", async () => {
    const [own] = await newRooms(1, 1, 'Phòng của HN');
    const [other] = await newRooms(2, 1, 'Phòng của HCM');
    const result = await bulk('/learning/room/bulk-delete', ctx.tok.academicAffair, { ids: [own, other, 2_000_000_000] });
    expect(result.succeeded).toEqual([own]);
    expect(result.refused).toEqual([
      { id: other, reason: 'Bạn chỉ được quản lý trung tâm và phòng học thuộc trung tâm của mình' },
      { id: 2_000_000_000, reason: BULK_TEXT.notFound },
    ]);
    expect((await call(app(), 'GET', `/learning/room/show/${other}`, ctx.tok.admin)).statusCode).toBe(200);
  });

  it('deletes every row the list filter matches, within the caller’s reach only', async () => {
    const own = await newRooms(1, 3, 'Phòng lọc');
    const [other] = await newRooms(2, 1, 'Phòng lọc');
    const result = await bulk('/learning/room/bulk-delete', ctx.tok.academicAffair, { filter: { search: 'Phòng lọc' } });
    expect(result).toEqual({ succeeded: own, refused: [] });
    expect((await rowsOf('/learning/room/list?search=Phòng lọc', ctx.tok.admin)).map((room) => room.room_id)).toEqual([other]);
  });

  it('refuses a body that is not exactly ids or a filter, and more ids than the limit', async () => {
    for (const body of [{}, { ids: [1], filter: {} }, { ids: [] }, { ids: ['1'] }, { ids: [0] }, { ids: Array.from({ length: BULK_LIMIT + 1 }, (_, i) => i + 1) }]) {
      const res = await call(app(), 'POST', '/learning/room/bulk-delete', ctx.tok.admin, body);
      expect([res.statusCode, res.json().error.code]).toEqual([400, 'VALIDATION_FAILED']);
    }
    const neither = await call(app(), 'POST', '/learning/room/bulk-delete', ctx.tok.admin, {});
    expect(neither.json().error.message).toBe(BULK_TEXT.oneOf);
  });

  it('needs the Delete permission of the resource', async () => {
    const res = await call(app(), 'POST', '/discounts/bulk-delete', ctx.tok.teacher, { ids: [1] });
    expect(res.statusCode).toBe(403);
  });
});

describe('undo (restore)', () => {
  it('brings a deleted room back exactly: same id, same fields, the sessions still pointing at it', async () => {
    const [id] = await newRooms(1, 1, 'Phòng hoàn tác');
    const before = (await call(app(), 'GET', `/learning/room/show/${id}`, ctx.tok.admin)).json().data;
    expect((await call(app(), 'DELETE', `/learning/room/delete/${id}`, ctx.tok.academicAffair)).statusCode).toBe(200);
    expect((await call(app(), 'GET', `/learning/room/show/${id}`, ctx.tok.admin)).statusCode).toBe(404);
    expect(await bulk('/learning/room/restore', ctx.tok.academicAffair, { ids: [id] })).toEqual({ succeeded: [id], refused: [] });
    expect((await call(app(), 'GET', `/learning/room/show/${id}`, ctx.tok.admin)).json().data).toEqual(before);
    const [entry] = await db().select().from(auditLogs).where(and(eq(auditLogs.action, 'restore'), eq(auditLogs.resourceId, String(id))));
    expect(entry).toMatchObject({ resource: 'Room', after: before });
    // a second restore finds nothing deleted
    expect((await bulk('/learning/room/restore', ctx.tok.admin, { ids: [id] })).refused).toEqual([{ id, reason: BULK_TEXT.notDeleted }]);
  });

  it('brings a discount back with the courses that allowed it', async () => {
    const created = await call(app(), 'POST', '/discounts', ctx.tok.admin, { name: 'Giảm hoàn tác', discount_percent: 7 });
    const discountId = created.json().data.discount_id;
    const [course] = await rowsOf('/product/list?limit=1', ctx.tok.admin);
    await db().insert(productDiscounts).values({ productId: course.product_id as number, discountId });
    const allowed = async () => ((await call(app(), 'GET', `/product/show/${course.product_id}`, ctx.tok.admin)).json().data.discount_ids as number[]).includes(discountId);
    expect(await allowed()).toBe(true);
    const deleted = await bulk('/discounts/bulk-delete', ctx.tok.admin, { ids: [discountId] });
    expect(deleted.succeeded).toEqual([discountId]);
    // deleted: neither listed nor offered by the course any more
    expect((await rowsOf('/discounts?limit=100', ctx.tok.admin)).some((d) => d.discount_id === discountId)).toBe(false);
    expect(await allowed()).toBe(false);
    expect((await bulk('/discounts/restore', ctx.tok.admin, { ids: [discountId] })).succeeded).toEqual([discountId]);
    expect(await allowed()).toBe(true);
    expect((await call(app(), 'GET', `/discounts/${discountId}`, ctx.tok.admin)).json().data).toMatchObject({ name: 'Giảm hoàn tác', discount_percent: 7 });
  });

  it(`refuses a row deleted more than ${UNDO_WINDOW_SECONDS} seconds ago`, async () => {
    const [id] = await newRooms(1, 1, 'Phòng quá hạn');
    expect((await call(app(), 'DELETE', `/learning/room/delete/${id}`, ctx.tok.admin)).statusCode).toBe(200);
    await db()
      .update(rooms)
      .set({ deletedAt: new Date(Date.now() - (UNDO_WINDOW_SECONDS + 1) * 1000) })
      .where(eq(rooms.roomId, id));
    expect(await bulk('/learning/room/restore', ctx.tok.admin, { ids: [id] })).toEqual({ succeeded: [], refused: [{ id, reason: BULK_TEXT.undoExpired }] });
    expect((await call(app(), 'GET', `/learning/room/show/${id}`, ctx.tok.admin)).statusCode).toBe(404);
  });

  it("frees a deleted room's name; its restore is refused once another room took it", async () => {
    const [id] = await newRooms(1, 1, 'Phòng trùng tên');
    expect((await call(app(), 'DELETE', `/learning/room/delete/${id}`, ctx.tok.admin)).statusCode).toBe(200);
    const again = await call(app(), 'POST', '/learning/room/create', ctx.tok.admin, { center_id: 1, name: 'Phòng trùng tên 1' });
    expect(again.statusCode).toBe(201);
    expect(await bulk('/learning/room/restore', ctx.tok.admin, { ids: [id] })).toEqual({ succeeded: [], refused: [{ id, reason: ROOM_TEXT.duplicate }] });
  });

  it("keeps a giáo vụ from restoring another centre's room", async () => {
    const [other] = await newRooms(2, 1, 'Phòng HCM xoá');
    expect((await call(app(), 'DELETE', `/learning/room/delete/${other}`, ctx.tok.admin)).statusCode).toBe(200);
    const result = await bulk('/learning/room/restore', ctx.tok.academicAffair, { ids: [other] });
    expect(result.succeeded).toEqual([]);
    expect(result.refused[0].reason).toBe('Bạn chỉ được quản lý trung tâm và phòng học thuộc trung tâm của mình');
  });

  it('restores a product type, and a deleted one cannot be chosen for a course', async () => {
    const created = await call(app(), 'POST', '/product/product-type/create', ctx.tok.admin, { name: 'Loại hoàn tác', description: 'mô tả' });
    const id = created.json().data.id;
    expect((await bulk('/product/product-type/bulk-delete', ctx.tok.admin, { ids: [id] })).succeeded).toEqual([id]);
    expect((await rowsOf('/product/product-type/list?search=Loại hoàn tác', ctx.tok.admin)).length).toBe(0);
    expect((await bulk('/product/product-type/restore', ctx.tok.admin, { ids: [id] })).succeeded).toEqual([id]);
    expect((await call(app(), 'GET', `/product/product-type/show/${id}`, ctx.tok.admin)).json().data).toEqual({ id, name: 'Loại hoàn tác', description: 'mô tả' });
  });
});

describe('variant groups and variants: delete and undo', () => {
  const group = async (name: string) => (await call(app(), 'POST', '/product/variant-group/create', ctx.tok.admin, { name })).json().data.id as number;
  const variant = async (groupId: number, name: string) => {
    const res = await call(app(), 'POST', '/product/variant/create', ctx.tok.admin, { variant_group_id: groupId, name });
    expect(res.statusCode).toBe(201);
    return res.json().data.id as number;
  };
  const namesIn = async (groupId: number) => (await rowsOf(`/product/variant/list?variant_group_id=${groupId}&limit=100&sort_column=id&sort_type=ASC`, ctx.tok.admin)).map((v) => v.name);
  const deletedAtOf = async (id: number) => (await db().select({ at: variants.deletedAt }).from(variants).where(eq(variants.id, id)))[0].at;

  it('deletes a group with its variants at one moment, and its restore brings back exactly those', async () => {
    const g = await group('Nhóm hoàn tác');
    const [a, b, c] = [await variant(g, 'Sơ cấp'), await variant(g, 'Trung cấp'), await variant(g, 'Cao cấp')];
    // one deleted on its own first: not the group's to bring back
    expect((await call(app(), 'DELETE', `/product/variant/delete/${a}`, ctx.tok.admin)).statusCode).toBe(200);
    expect((await bulk('/product/variant-group/bulk-delete', ctx.tok.admin, { ids: [g] })).succeeded).toEqual([g]);

    // gone from every list and show: the group's, its variants' (also unfiltered)
    expect((await rowsOf('/product/variant-group/list?search=Nhóm hoàn tác', ctx.tok.admin)).length).toBe(0);
    expect((await rowsOf('/product/variant/list?limit=100', ctx.tok.admin)).filter((v) => v.variant_group_id === g)).toEqual([]);
    expect((await call(app(), 'GET', `/product/variant/show/${b}`, ctx.tok.admin)).statusCode).toBe(404);
    const [groupAt] = (await db().select({ at: variantGroups.deletedAt }).from(variantGroups).where(eq(variantGroups.id, g))).map((r) => r.at);
    expect([await deletedAtOf(b), await deletedAtOf(c)]).toEqual([groupAt, groupAt]);
    const audited = await db().select().from(auditLogs).where(and(eq(auditLogs.resource, 'Variant'), eq(auditLogs.action, 'delete'), sql`${auditLogs.resourceId} in (${String(b)}, ${String(c)})`));
    expect(audited).toHaveLength(2);

    expect(await bulk('/product/variant-group/restore', ctx.tok.admin, { ids: [g] })).toEqual({ succeeded: [g], refused: [] });
    expect(await namesIn(g)).toEqual(['Trung cấp', 'Cao cấp']);
    // the one deleted on its own may come back now its group is there
    expect(await bulk('/product/variant/restore', ctx.tok.admin, { ids: [a] })).toEqual({ succeeded: [a], refused: [] });
    expect(await namesIn(g)).toEqual(['Sơ cấp', 'Trung cấp', 'Cao cấp']);
  });

  it('refuses to restore a variant whose group is deleted, with the reason', async () => {
    const g = await group('Nhóm đã xoá');
    const v = await variant(g, 'Buổi tối');
    expect((await bulk('/product/variant/bulk-delete', ctx.tok.admin, { ids: [v] })).succeeded).toEqual([v]);
    expect((await call(app(), 'DELETE', `/product/variant-group/delete/${g}`, ctx.tok.admin)).statusCode).toBe(200);
    expect(await bulk('/product/variant/restore', ctx.tok.admin, { ids: [v] })).toEqual({
      succeeded: [],
      refused: [{ id: v, reason: 'Nhóm thuộc tính của thuộc tính này đã bị xoá: hãy khôi phục nhóm trước' }],
    });
    // nor may a variant be put into a deleted group
    const into = await call(app(), 'POST', '/product/variant/create', ctx.tok.admin, { variant_group_id: g, name: 'Mới' });
    expect([into.statusCode, into.json().error.fields]).toEqual([400, { variant_group_id: 'Nhóm thuộc tính không tồn tại' }]);
  });

  it("frees a deleted group's and variant's name; their restore is refused once another took it", async () => {
    const g = await group('Nhóm trùng tên');
    const v = await variant(g, 'Cuối tuần');
    expect((await call(app(), 'DELETE', `/product/variant/delete/${v}`, ctx.tok.admin)).statusCode).toBe(200);
    await variant(g, 'CUỐI TUẦN');
    expect((await bulk('/product/variant/restore', ctx.tok.admin, { ids: [v] })).refused).toEqual([{ id: v, reason: 'Nhóm này đã có thuộc tính tên này' }]);

    expect((await call(app(), 'DELETE', `/product/variant-group/delete/${g}`, ctx.tok.admin)).statusCode).toBe(200);
    expect((await call(app(), 'POST', '/product/variant-group/create', ctx.tok.admin, { name: 'Nhóm trùng tên' })).statusCode).toBe(201);
    expect((await bulk('/product/variant-group/restore', ctx.tok.admin, { ids: [g] })).refused).toEqual([{ id: g, reason: 'Nhóm thuộc tính tên này đã tồn tại' }]);
  });

  it('a deleted variant cannot be chosen for a course item', async () => {
    const g = await group('Nhóm khoá học');
    const v = await variant(g, 'Đã xoá');
    expect((await call(app(), 'DELETE', `/product/variant/delete/${v}`, ctx.tok.admin)).statusCode).toBe(200);
    const [type] = await rowsOf('/product/product-type/list?limit=1', ctx.tok.admin);
    const [vendor] = await rowsOf('/product/vendor/list?limit=1', ctx.tok.admin);
    const [discount] = await rowsOf('/discounts?limit=1', ctx.tok.admin);
    const res = await call(app(), 'POST', '/product/create', ctx.tok.admin, {
      name: 'Khoá có thuộc tính đã xoá',
      product_type_id: type.id,
      vendor_id: vendor.id,
      discount_ids: [discount.discount_id],
      items: [{ name: 'Gói', total_lesson: 10, price: 1_000_000, variant_ids: [v] }],
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual(['items.0.variant_ids']);
  });
});

describe('account bulk actions', () => {
  async function newStudents(count: number, centerId: number, prefix: string): Promise<number[]> {
    const ids: number[] = [];
    for (let n = 1; n <= count; n += 1) {
      const res = await call(app(), 'POST', '/auth/register', ctx.tok.admin, {
        email: `${prefix}${n}@trungtam.vn`, name: `Học viên ${prefix} ${n}`, password: 'matkhau123', type: 'student',
        phone_number: '0900000000', roles: [{ id: 4 }], center_id: centerId,
      });
      expect(res.statusCode).toBe(201);
      ids.push(res.json().data.data.id);
    }
    return ids;
  }
  const statusOf = async (id: number) => (await db().select({ status: users.status }).from(users).where(eq(users.id, id)))[0].status;

  it("locks the accounts chosen; the caller's own and another centre's are refused with their reasons", async () => {
    const own = await newStudents(3, 1, 'hv.khoa');
    const [other] = await newStudents(1, 2, 'hv.khoa.hcm');
    const me = await userIdByEmail(app(), ctx.tok.admin, DEMO_ACCOUNTS.academicAffair);
    const result = await bulk('/user/bulk-lock', ctx.tok.academicAffair, { ids: [...own, other, me] });
    expect(result.succeeded).toEqual(own);
    expect(result.refused.map((r) => r.id)).toEqual([other, me]);
    expect(result.refused[0].reason).toBe(TEXT.forbidden);
    expect(result.refused[1].reason).toBe(ACCOUNT_BULK_TEXT.lockSelf);
    expect(await Promise.all(own.map(statusOf))).toEqual([4, 4, 4]);
    expect(await statusOf(other)).toBe(1);
    // locking again is refused per row: already locked
    expect((await bulk('/user/bulk-lock', ctx.tok.admin, { ids: own.slice(0, 1) })).refused).toEqual([{ id: own[0], reason: ACCOUNT_BULK_TEXT.alreadyLocked }]);
    expect((await bulk('/user/bulk-unlock', ctx.tok.admin, { filter: { search: 'hv.khoa', type: 'student', center_id: 1 } })).succeeded).toEqual(own);
    expect(await Promise.all(own.map(statusOf))).toEqual([1, 1, 1]);
  });

  it('sends a message to each account chosen that the caller may write to', async () => {
    const own = await newStudents(2, 1, 'hv.tin');
    const [other] = await newStudents(1, 2, 'hv.tin.hcm');
    const result = await bulk('/user/bulk-message', ctx.tok.academicAffair, { ids: [...own, other], name: 'Nghỉ lễ', message: 'Trung tâm nghỉ ngày 2/9.' });
    expect(result.succeeded).toEqual(own);
    expect(result.refused.map((r) => r.id)).toEqual([other]);
    const received = await db().select({ userId: notifications.userId }).from(notifications).where(eq(notifications.name, 'Nghỉ lễ'));
    expect(received.map((r) => r.userId).sort()).toEqual([...own].sort());
    const blank = await call(app(), 'POST', '/user/bulk-message', ctx.tok.admin, { ids: own, name: ' ', message: 'x' });
    expect(blank.statusCode).toBe(400);
  });

  it('enrols the students chosen into a class: one already in it is refused, the others enrolled', async () => {
    const list = await call(app(), 'GET', '/learning/class/list?limit=1000&relationships=product_item', ctx.tok.admin);
    const cls = list.json().data.rows.find((c: { center_id: number; product_item: unknown }) => c.center_id === 1 && c.product_item);
    const discountId = cls.product_item.product.discount_ids[0];
    const students = await newStudents(3, 1, 'hv.xep');
    const first = await bulk('/user/bulk-enroll', ctx.tok.academicAffair, { ids: [students[0]], class_id: cls.class_id, discount_id: discountId });
    expect(first.succeeded).toEqual([students[0]]);
    const teacher = await userIdByEmail(app(), ctx.tok.admin, DEMO_ACCOUNTS.teacher);
    const result = await bulk('/user/bulk-enroll', ctx.tok.academicAffair, { ids: [...students, teacher], class_id: cls.class_id, discount_id: discountId });
    expect(result.succeeded).toEqual(students.slice(1));
    expect(result.refused).toEqual([
      { id: students[0], reason: TEXT.enrollmentDuplicate },
      { id: teacher, reason: expect.any(String) },
    ]);
    const enrolled = await db().select({ userId: enrollments.userId }).from(enrollments).where(eq(enrollments.classId, cls.class_id));
    expect(students.every((id) => enrolled.some((row) => row.userId === id))).toBe(true);
  });

  it("answers a class out of the caller's reach as a 400 for the whole call", async () => {
    const list = await call(app(), 'GET', '/learning/class/list?limit=1000', ctx.tok.admin);
    const hcm = list.json().data.rows.find((c: { center_id: number }) => c.center_id === 2);
    const res = await call(app(), 'POST', '/user/bulk-enroll', ctx.tok.academicAffair, { ids: [1], class_id: hcm.class_id, discount_id: 1 });
    expect(res.statusCode).toBe(400);
  });

  it('exports only the accounts chosen', async () => {
    const ids = await newStudents(2, 1, 'hv.xuat');
    const res = await call(app(), 'GET', `/user/export?type=student&${ids.map((id) => `ids=${id}`).join('&')}`, ctx.tok.admin);
    expect(res.statusCode).toBe(200);
    const list = await call(app(), 'GET', `/user/list?${ids.map((id) => `ids=${id}`).join('&')}`, ctx.tok.admin);
    expect(list.json().data.rows.map((r: { id: number }) => r.id).sort()).toEqual([...ids].sort());
  });
});
