/**
 * The settings area's places and course catalogue: rooms, centres in use, discounts at their own /discounts paths,
 * product types, teaching methods, variant groups and variants. Each is a resource-factory declaration;
 * these tests hold its rules: scope, uniqueness, what may not be deleted and why, strict input.
 */
import { ROOM_LIMITS, ROOM_TEXT } from '@trungtam/shared/schemas/settings';
import { REFERENCE_TEXT } from '../src/access/references';
import { call, setUpTestApp } from './helpers';

const ctx = setUpTestApp();
const app = () => ctx.t.app;

type Row = Record<string, unknown>;
const rowsOf = async (url: string, token: string): Promise<Row[]> => (await call(app(), 'GET', url, token)).json().data.rows;

/** The demo's centres by name (Hà Nội is the demo giáo vụ's). */
async function centre(name: string): Promise<number> {
  const rows = await rowsOf(`/learning/center/list?search=${encodeURIComponent(name)}`, ctx.tok.admin);
  return rows[0].center_id as number;
}

describe('rooms', () => {
  it('a giáo vụ of a centre lists, creates, edits and deletes only the rooms of that centre', async () => {
    const hn = await centre('Hà Nội');
    const hcm = await centre('TP.HCM');
    const own = await rowsOf('/learning/room/list?limit=100', ctx.tok.academicAffair);
    expect(own.length).toBeGreaterThanOrEqual(3);
    expect(new Set(own.map((room) => room.center_id))).toEqual(new Set([hn]));
    const everyRoom = await rowsOf('/learning/room/list?limit=100', ctx.tok.admin);
    expect(everyRoom.some((room) => room.center_id === hcm)).toBe(true);

    const created = await call(app(), 'POST', '/learning/room/create', ctx.tok.academicAffair, { center_id: hn, name: 'Phòng Lab', room_number: 'L1', capacity: 12 });
    expect(created.statusCode).toBe(201);
    const room = created.json().data;
    expect(room).toMatchObject({ center_id: hn, name: 'Phòng Lab', room_number: 'L1', capacity: 12 });

    // another centre is answered as a missing one (it does not tell which centres exist)
    const elsewhere = await call(app(), 'POST', '/learning/room/create', ctx.tok.academicAffair, { center_id: hcm, name: 'Phòng lạ' });
    expect([elsewhere.statusCode, elsewhere.json().error.fields]).toEqual([400, { center_id: REFERENCE_TEXT.center }]);
    const moved = await call(app(), 'PUT', '/learning/room/update', ctx.tok.academicAffair, { room_id: room.room_id, center_id: hcm, name: 'Phòng Lab' });
    expect([moved.statusCode, moved.json().error.fields]).toEqual([400, { center_id: REFERENCE_TEXT.center }]);
    // another centre's room itself stays out of reach
    const hcmRoom = everyRoom.find((r) => r.center_id === hcm)!;
    const taken = await call(app(), 'PUT', '/learning/room/update', ctx.tok.academicAffair, { room_id: hcmRoom.room_id, center_id: hn, name: 'Phòng chiếm' });
    expect([taken.statusCode, taken.json().error.message]).toEqual([403, 'Bạn chỉ được quản lý trung tâm và phòng học thuộc trung tâm của mình']);
    expect((await call(app(), 'GET', `/learning/room/show/${hcmRoom.room_id}`, ctx.tok.academicAffair)).statusCode).toBe(403);
    expect((await call(app(), 'DELETE', `/learning/room/delete/${hcmRoom.room_id}`, ctx.tok.academicAffair)).statusCode).toBe(403);

    const renamed = await call(app(), 'PUT', '/learning/room/update', ctx.tok.academicAffair, { room_id: room.room_id, center_id: hn, name: 'Phòng Lab 2', capacity: null });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Phòng Lab 2', capacity: null, room_number: null });
    expect((await call(app(), 'DELETE', `/learning/room/delete/${room.room_id}`, ctx.tok.academicAffair)).statusCode).toBe(200);
    expect((await call(app(), 'GET', `/learning/room/show/${room.room_id}`, ctx.tok.admin)).statusCode).toBe(404);
  });

  it("refuses a room over the write schema's limits with its messages, the ones the room form shows", async () => {
    // the limits of the schema the form is built from: changing one there changes both
    const { nameMax, capacityMax } = ROOM_LIMITS;
    const hn = await centre('Hà Nội');
    const res = await call(app(), 'POST', '/learning/room/create', ctx.tok.admin, { center_id: hn, name: 'P'.repeat(nameMax + 1), capacity: capacityMax + 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ name: ROOM_TEXT.nameMax, capacity: ROOM_TEXT.capacity });
    const atTheLimits = await call(app(), 'POST', '/learning/room/create', ctx.tok.admin, { center_id: hn, name: 'P'.repeat(nameMax), capacity: capacityMax });
    expect(atTheLimits.statusCode).toBe(201);
    const deleted = await call(app(), 'DELETE', `/learning/room/delete/${atTheLimits.json().data.room_id}`, ctx.tok.admin);
    expect(deleted.statusCode).toBe(200);
  });

  it('a room name is unique within its centre, not across centres', async () => {
    const hn = await centre('Hà Nội');
    const dn = await centre('Đà Nẵng');
    const taken = (await rowsOf(`/learning/room/list?center_id=${hn}`, ctx.tok.admin))[0].name as string;
    const again = await call(app(), 'POST', '/learning/room/create', ctx.tok.admin, { center_id: hn, name: ` ${taken.toUpperCase()} ` });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields).toEqual({ name: 'Trung tâm đã có phòng học tên này' });
    const otherCentre = await call(app(), 'POST', '/learning/room/create', ctx.tok.admin, { center_id: dn, name: 'Phòng Hội trường HN' });
    expect(otherCentre.statusCode).toBe(201);
  });

  it('a room that classes or future sessions use cannot be deleted, and the refusal says why', async () => {
    const classes = await rowsOf('/learning/class/list?limit=1000', ctx.tok.admin);
    const used = classes.find((c) => c.room_id)!;
    const res = await call(app(), 'DELETE', `/learning/room/delete/${used.room_id}`, ctx.tok.admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/^Phòng học đang được sử dụng \(\d+ lớp học, \d+ buổi học sắp tới\): không thể xoá$/);
    expect((await call(app(), 'GET', `/learning/room/show/${used.room_id}`, ctx.tok.admin)).statusCode).toBe(200);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const hn = await centre('Hà Nội');
    const cases: Array<[Row, string]> = [
      [{ center_id: hn, name: '  ' }, 'name'],
      [{ center_id: '1', name: 'Phòng A' }, 'center_id'],
      [{ center_id: 999999, name: 'Phòng A' }, 'center_id'],
      [{ center_id: hn, name: 'Phòng A', capacity: 0 }, 'capacity'],
      [{ center_id: hn, name: 'Phòng A', capacity: '20' }, 'capacity'],
      [{ center_id: hn, name: 'Phòng A', room_number: 'x'.repeat(33) }, 'room_number'],
    ];
    for (const [payload, field] of cases) {
      const res = await call(app(), 'POST', '/learning/room/create', ctx.tok.admin, payload);
      expect({ field, status: res.statusCode }).toEqual({ field, status: 400 });
      expect(Object.keys(res.json().error.fields)).toContain(field);
    }
  });
});

describe('centres in use', () => {
  it('the refusal names the classes, future sessions, rooms and accounts that use the centre', async () => {
    const hn = await centre('Hà Nội');
    const res = await call(app(), 'DELETE', `/learning/center/delete/${hn}`, ctx.tok.admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/^Trung tâm đang được sử dụng \(\d+ lớp học, \d+ buổi học sắp tới, \d+ phòng học, \d+ tài khoản\): không thể xoá$/);
  });

  it('a centre name is unique', async () => {
    const res = await call(app(), 'POST', '/learning/center/create', ctx.tok.admin, { name: 'trung tâm hà nội', status: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields).toEqual({ name: 'Trung tâm đã tồn tại' });
  });
});

describe('discounts (the /discounts calls)', () => {
  it('lists page 1 of 100 by discount_id DESC, creates, updates with only the id and the percent, deletes', async () => {
    const list = (await call(app(), 'GET', '/discounts?page=1&limit=100&sort_column=discount_id&sort_type=DESC', ctx.tok.academicAffair)).json().data;
    const ids = list.rows.map((d: Row) => d.discount_id as number);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(list.rows.map((d: Row) => d.name)).toContain('Không khuyến mại');

    const created = await call(app(), 'POST', '/discounts', ctx.tok.admin, { name: 'Ưu đãi hè 20%', discount_percent: 20 });
    expect(created.statusCode).toBe(201);
    const discount = created.json().data;
    expect(discount).toMatchObject({ name: 'Ưu đãi hè 20%', discount_percent: 20, status: 1 });

    const updated = await call(app(), 'PUT', '/discounts', ctx.tok.admin, { discount_id: discount.discount_id, discount_percent: 25 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ name: 'Ưu đãi hè 20%', discount_percent: 25, status: 1 });
    expect((await call(app(), 'GET', `/discounts/${discount.discount_id}`, ctx.tok.admin)).json().data.discount_percent).toBe(25);

    expect((await call(app(), 'DELETE', `/discounts/${discount.discount_id}`, ctx.tok.admin)).statusCode).toBe(200);
    expect((await call(app(), 'GET', `/discounts/${discount.discount_id}`, ctx.tok.admin)).statusCode).toBe(404);
  });

  it('a discount an enrolment used cannot be deleted (409)', async () => {
    const enrolments = await rowsOf('/learning/class-enrollment/list?limit=100', ctx.tok.admin);
    const used = enrolments.find((e) => e.discount_id)!.discount_id;
    const res = await call(app(), 'DELETE', `/discounts/${used}`, ctx.tok.admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/^Khuyến mại đang được sử dụng \(\d+ lượt xếp lớp\): không thể xoá$/);
  });

  it('the percent is 0 to 100, strictly an integer; only the administrator writes', async () => {
    for (const percent of [-1, 101, '10', 10.5, true, null]) {
      const res = await call(app(), 'POST', '/discounts', ctx.tok.admin, { name: 'Sai', discount_percent: percent });
      expect({ percent, status: res.statusCode }).toEqual({ percent, status: 400 });
      expect(res.json().error.fields).toHaveProperty('discount_percent', 'Phần trăm khuyến mại từ 0 đến 100');
    }
    expect((await call(app(), 'PUT', '/discounts', ctx.tok.admin, { discount_id: '1', discount_percent: 5 })).statusCode).toBe(400);
    expect((await call(app(), 'POST', '/discounts', ctx.tok.academicAffair, { name: 'Giáo vụ', discount_percent: 5 })).statusCode).toBe(403);
    expect((await call(app(), 'GET', '/discounts', ctx.tok.teacher)).statusCode).toBe(403);
  });
});

describe('product types and teaching methods', () => {
  it.each([
    ['product-type', 'Loại sản phẩm'],
    ['vendor', 'Hình thức học'],
  ])('%s: create, unique name, update, delete; one a course uses cannot be deleted', async (path, subject) => {
    const created = await call(app(), 'POST', `/product/${path}/create`, ctx.tok.admin, { name: 'Mục mới', description: 'Mô tả' });
    expect(created.statusCode).toBe(201);
    const entry = created.json().data;
    const duplicate = await call(app(), 'POST', `/product/${path}/create`, ctx.tok.admin, { name: 'MỤC MỚI' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.fields).toEqual({ name: `${subject} tên này đã tồn tại` });
    const updated = await call(app(), 'PUT', `/product/${path}/update`, ctx.tok.admin, { id: entry.id, name: 'Mục đã sửa', description: ' ' });
    expect(updated.json().data).toEqual({ id: entry.id, name: 'Mục đã sửa', description: null });
    expect((await call(app(), 'DELETE', `/product/${path}/delete/${entry.id}`, ctx.tok.admin)).statusCode).toBe(200);

    const used = (await rowsOf(`/product/${path}/list?sort_column=id&sort_type=ASC`, ctx.tok.admin))[0];
    const refused = await call(app(), 'DELETE', `/product/${path}/delete/${used.id}`, ctx.tok.admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(new RegExp(`^${subject} đang được sử dụng \\(\\d+ khoá học\\): không thể xoá$`));
    expect((await call(app(), 'GET', `/product/${path}/list`, ctx.tok.academicAffair)).statusCode).toBe(403);
  });
});

describe('variant groups and variants', () => {
  it('variants live in a group, are filtered by it, and are unique within it', async () => {
    const group = (await call(app(), 'POST', '/product/variant-group/create', ctx.tok.admin, { name: 'Độ tuổi' })).json().data;
    const child = await call(app(), 'POST', '/product/variant/create', ctx.tok.admin, { variant_group_id: group.id, name: '6–8 tuổi' });
    expect(child.statusCode).toBe(201);
    expect((await call(app(), 'POST', '/product/variant/create', ctx.tok.admin, { variant_group_id: group.id, name: '6–8 TUỔI' })).statusCode).toBe(409);
    expect(await rowsOf(`/product/variant/list?variant_group_id=${group.id}`, ctx.tok.admin)).toEqual([{ id: child.json().data.id, variant_group_id: group.id, name: '6–8 tuổi' }]);
    const unknownGroup = await call(app(), 'POST', '/product/variant/create', ctx.tok.admin, { variant_group_id: 999999, name: 'X' });
    expect(unknownGroup.statusCode).toBe(400);
    expect(unknownGroup.json().error.fields).toEqual({ variant_group_id: 'Nhóm thuộc tính không tồn tại' });

    // a group no course item uses goes, its variants with it
    expect((await call(app(), 'DELETE', `/product/variant-group/delete/${group.id}`, ctx.tok.admin)).statusCode).toBe(200);
    expect((await call(app(), 'GET', `/product/variant/show/${child.json().data.id}`, ctx.tok.admin)).statusCode).toBe(404);
  });

  it('a variant or a group that a course item carries cannot be deleted, and stays linked', async () => {
    const groups = await rowsOf('/product/variant-group/list?sort_column=id&sort_type=ASC', ctx.tok.admin);
    const variants = await rowsOf(`/product/variant/list?variant_group_id=${groups[0].id}&sort_column=id&sort_type=ASC`, ctx.tok.admin);
    const refused = await call(app(), 'DELETE', `/product/variant/delete/${variants[0].id}`, ctx.tok.admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/^Thuộc tính đang được sử dụng \(\d+ gói khoá học\): không thể xoá$/);
    expect((await call(app(), 'GET', `/product/variant/show/${variants[0].id}`, ctx.tok.admin)).statusCode).toBe(200);
    const group = await call(app(), 'DELETE', `/product/variant-group/delete/${groups[0].id}`, ctx.tok.admin);
    expect(group.statusCode).toBe(409);
    expect(group.json().error.message).toMatch(/^Nhóm thuộc tính đang được sử dụng \(\d+ gói khoá học\): không thể xoá$/);
  });
});
