/**
 * Courses (Product) over /product/…: the whole course is written with its items and allowed discounts in
 * one transaction with its audit entry; items in use and courses in use are refused with what uses them;
 * strict input; only the roles holding the permission reach the routes.
 */
import { and, desc, eq } from 'drizzle-orm';
import { auditLogs, classes, productItems } from '../src/db/schema';
import { call, setUpTestApp } from './helpers';

const ctx = setUpTestApp();
const app = () => ctx.t.app;

type Row = Record<string, unknown>;
interface Item {
  product_item_id: number;
  name: string | null;
  variant_ids: number[];
  total_lesson: number;
  price: number;
}
interface Course {
  product_id: number;
  name: string;
  product_type_id: number;
  vendor_id: number;
  description: string | null;
  status: number;
  discount_ids: number[];
  items: Item[];
  product_type_name: string | null;
  vendor_name: string | null;
}

const rowsOf = async (url: string, token = ctx.tok.admin): Promise<Row[]> => (await call(app(), 'GET', url, token)).json().data.rows;

/** The demo catalogue: product types, teaching methods, variants and discounts by name. */
async function catalogue() {
  const byName = (rows: Row[]) => new Map(rows.map((row) => [row.name as string, (row.id ?? row.discount_id) as number]));
  return {
    types: byName(await rowsOf('/product/product-type/list?limit=100')),
    teachingMethods: byName(await rowsOf('/product/vendor/list?limit=100')),
    variants: byName(await rowsOf('/product/variant/list?limit=100')),
    discounts: byName(await rowsOf('/discounts?limit=100')),
  };
}

async function courseBody(name: string) {
  const c = await catalogue();
  return {
    name,
    product_type_id: c.types.get('Tiếng Anh')!,
    vendor_id: c.teachingMethods.get('Online')!,
    description: 'Tiếng Anh cho người đi làm',
    status: 1,
    discount_ids: [c.discounts.get('Giảm 5% học viên cũ')!, c.discounts.get('Không khuyến mại')!],
    items: [
      { name: 'Gói 24 buổi', variant_ids: [c.variants.get('Cơ bản')!, c.variants.get('24 buổi')!], total_lesson: 24, price: 5_400_000 },
      { name: 'Gói 36 buổi', variant_ids: [c.variants.get('Trung cấp')!, c.variants.get('36 buổi')!], total_lesson: 36, price: 7_800_000 },
    ],
  };
}

async function lastAudit(resourceId: number) {
  const [entry] = await ctx.t.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.resource, 'Product'), eq(auditLogs.resourceId, String(resourceId))))
    .orderBy(desc(auditLogs.id))
    .limit(1);
  return entry;
}

/** A course whose items some class uses (the demo's classes use the demo's courses). */
async function courseUsedByAClass(): Promise<{ course: Course; usedItem: number }> {
  const [cls] = await ctx.t.database.db.select().from(classes).limit(1);
  const course = (await call(app(), 'GET', `/product/show/${cls.productId}`, ctx.tok.admin)).json().data as Course;
  return { course, usedItem: cls.productItemId! };
}

describe('the course list', () => {
  it('answers each course with its items, allowed discounts and the names of its type and teaching method', async () => {
    const list = (await call(app(), 'GET', '/product/list?limit=100&sort_column=product_id&sort_type=ASC', ctx.tok.admin)).json().data;
    expect(list.total_rows).toBe(5);
    const first = list.rows[0] as Course;
    expect(first).toMatchObject({ name: 'Tiếng Anh giao tiếp', product_type_name: 'Tiếng Anh', vendor_name: 'Offline', status: 1 });
    expect(first.items.map((item) => [item.name, item.total_lesson, item.price])).toEqual([
      ['Tiếng Anh giao tiếp – 24 buổi', 24, 4_800_000],
      ['Tiếng Anh giao tiếp – 36 buổi', 36, 6_900_000],
    ]);
    expect(first.items[0].variant_ids).toHaveLength(2);
    expect(first.discount_ids.length).toBeGreaterThan(0);
    // every course of the page has its own items, not another's
    for (const course of list.rows as Course[]) expect(course.items.every((item) => item.name?.startsWith(course.name))).toBe(true);
  });

  it('loads the items, discounts and names of a whole page in the same few queries as of one course', async () => {
    const selects = jest.spyOn(ctx.t.database.db, 'select');
    await call(app(), 'GET', '/product/list?limit=1', ctx.tok.admin);
    const forOne = selects.mock.calls.length;
    // the page, its count, the items, their variants, the discounts, the type and method names
    expect(forOne).toBeGreaterThanOrEqual(7);
    selects.mockClear();
    const page = await call(app(), 'GET', '/product/list?limit=100', ctx.tok.admin);
    expect(page.json().data.rows).toHaveLength(5);
    expect(selects.mock.calls.length).toBe(forOne);
    selects.mockRestore();
  });

  it('filters by search, product type, teaching method and status', async () => {
    const c = await catalogue();
    const names = async (query: string) => (await rowsOf(`/product/list?limit=100&${query}`)).map((row) => row.name).sort();
    expect(await names('search=ielts')).toEqual(['Luyện thi IELTS']);
    expect(await names(`product_type_id=${c.types.get('Lập trình')}`)).toEqual(['Lập trình Scratch']);
    expect(await names(`vendor_id=${c.teachingMethods.get('1-1')}`)).toEqual(['Kèm 1-1 tiếng Anh']);
    expect(await names('status=2')).toEqual([]);
    expect(await names('status=0')).toHaveLength(5);
    for (const bad of ['status=3', 'vendor_id=abc', 'product_type_id=-1', 'sort_column=price']) {
      const res = await call(app(), 'GET', `/product/list?${bad}`, ctx.tok.admin);
      expect({ bad, status: res.statusCode }).toEqual({ bad, status: 400 });
    }
  });
});

describe('writing a course', () => {
  it('creates a course with its items, variants and discounts in one write, with its audit entry', async () => {
    const body = await courseBody('Tiếng Anh văn phòng');
    const res = await call(app(), 'POST', '/product/create', ctx.tok.admin, body);
    expect(res.statusCode).toBe(201);
    const course = res.json().data as Course;
    expect(course).toMatchObject({ name: 'Tiếng Anh văn phòng', product_type_name: 'Tiếng Anh', vendor_name: 'Online', status: 1 });
    expect(course.discount_ids).toEqual([...body.discount_ids].sort((a, b) => a - b));
    expect(course.items.map(({ name, total_lesson, price, variant_ids }) => ({ name, total_lesson, price, variant_ids }))).toEqual(
      body.items.map((item) => ({ ...item, variant_ids: [...item.variant_ids].sort((a, b) => a - b) })),
    );
    expect((await call(app(), 'GET', `/product/show/${course.product_id}`, ctx.tok.admin)).json().data).toEqual(course);

    const audit = await lastAudit(course.product_id);
    expect(audit).toMatchObject({ action: 'create' });
    expect((audit.after as Course).items).toHaveLength(2);
  });

  it('an update keeps the items it names (changed), adds the new ones and deletes the ones left out', async () => {
    const c = await catalogue();
    const created = (await call(app(), 'POST', '/product/create', ctx.tok.admin, await courseBody('Tiếng Anh du lịch'))).json().data as Course;
    const [kept, dropped] = created.items;
    const res = await call(app(), 'PUT', '/product/update', ctx.tok.admin, {
      product_id: created.product_id,
      name: 'Tiếng Anh du lịch',
      product_type_id: created.product_type_id,
      vendor_id: c.teachingMethods.get('Offline')!,
      description: ' ',
      status: 2,
      discount_ids: [c.discounts.get('Không khuyến mại')!],
      items: [
        { product_item_id: kept.product_item_id, name: 'Gói 24 buổi (mới)', variant_ids: [c.variants.get('Nâng cao')!], total_lesson: 20, price: 6_000_000 },
        { name: 'Gói 48 buổi', variant_ids: [], total_lesson: 48, price: 9_900_000 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const updated = res.json().data as Course;
    expect(updated).toMatchObject({ vendor_name: 'Offline', description: null, status: 2, discount_ids: [c.discounts.get('Không khuyến mại')] });
    expect(updated.items).toEqual([
      { product_item_id: kept.product_item_id, name: 'Gói 24 buổi (mới)', variant_ids: [c.variants.get('Nâng cao')], total_lesson: 20, price: 6_000_000 },
      { product_item_id: expect.any(Number), name: 'Gói 48 buổi', variant_ids: [], total_lesson: 48, price: 9_900_000 },
    ]);
    expect(updated.items[1].product_item_id).not.toBe(dropped.product_item_id);
    const left = await ctx.t.database.db.select().from(productItems).where(eq(productItems.productItemId, dropped.product_item_id));
    expect(left).toEqual([]);

    const audit = await lastAudit(created.product_id);
    expect(audit.action).toBe('update');
    expect((audit.before as Course).items.map((item) => item.product_item_id)).toEqual([kept.product_item_id, dropped.product_item_id]);
    expect((audit.after as Course).items.map((item) => item.name)).toEqual(['Gói 24 buổi (mới)', 'Gói 48 buổi']);
  });

  it('an item a class or an order uses cannot be left out: 409 naming them, and nothing of the write stays', async () => {
    const { course, usedItem } = await courseUsedByAClass();
    const others = course.items.filter((item) => item.product_item_id !== usedItem);
    const res = await call(app(), 'PUT', '/product/update', ctx.tok.admin, {
      product_id: course.product_id,
      name: `${course.name} (đổi tên)`,
      product_type_id: course.product_type_id,
      vendor_id: course.vendor_id,
      discount_ids: course.discount_ids,
      items: others.map(({ product_item_id, name, variant_ids, total_lesson, price }) => ({ product_item_id, name, variant_ids, total_lesson, price })),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/^Gói khoá học đang được sử dụng \((\d+ lớp học, )?\d+ đơn hàng\): không thể xoá$/);
    expect(res.json().error.message).toMatch(/[1-9]\d* lớp học/);
    const after = (await call(app(), 'GET', `/product/show/${course.product_id}`, ctx.tok.admin)).json().data;
    expect(after).toEqual(course);
  });

  it('a course a class uses cannot be deleted (409); an unused one goes with its items', async () => {
    const { course } = await courseUsedByAClass();
    const refused = await call(app(), 'DELETE', `/product/delete/${course.product_id}`, ctx.tok.admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/^Khoá học đang được sử dụng \([1-9]\d* lớp học(, \d+ đơn hàng)?\): không thể xoá$/);
    expect((await call(app(), 'GET', `/product/show/${course.product_id}`, ctx.tok.admin)).statusCode).toBe(200);

    const fresh = (await call(app(), 'POST', '/product/create', ctx.tok.admin, await courseBody('Khoá học thử'))).json().data as Course;
    expect((await call(app(), 'DELETE', `/product/delete/${fresh.product_id}`, ctx.tok.admin)).statusCode).toBe(200);
    expect((await call(app(), 'GET', `/product/show/${fresh.product_id}`, ctx.tok.admin)).statusCode).toBe(404);
    expect(await ctx.t.database.db.select().from(productItems).where(eq(productItems.productId, fresh.product_id))).toEqual([]);
    expect((await lastAudit(fresh.product_id)).action).toBe('delete');
  });

  it('a course name is unique, letter case and spaces aside (409 on name)', async () => {
    const res = await call(app(), 'POST', '/product/create', ctx.tok.admin, await courseBody('  LUYỆN THI ielts '));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields).toEqual({ name: 'Khoá học tên này đã tồn tại' });
  });
});

describe('strict input', () => {
  it('refuses bad input with a 400 naming the field, in Vietnamese, and writes nothing', async () => {
    const body = await courseBody('Khoá học sai');
    const item = body.items[0];
    const withItem = (over: Row) => ({ ...body, items: [{ ...item, ...over }] });
    const cases: Array<[string, Row, string, string]> = [
      ['blank name', { ...body, name: '   ' }, 'name', 'Tên khoá học không được để trống'],
      ['long name', { ...body, name: 'x'.repeat(256) }, 'name', 'Tên khoá học dài nhất là 255 kí tự'],
      ['no item', { ...body, items: [] }, 'items', 'Khoá học cần ít nhất một gói'],
      ['items missing', { ...body, items: undefined }, 'items', 'Khoá học cần ít nhất một gói'],
      ['0 lessons', withItem({ total_lesson: 0 }), 'items.0.total_lesson', 'Số buổi từ 1 đến 1000'],
      ['1001 lessons', withItem({ total_lesson: 1001 }), 'items.0.total_lesson', 'Số buổi từ 1 đến 1000'],
      ['lessons as text', withItem({ total_lesson: '24' }), 'items.0.total_lesson', 'Số buổi từ 1 đến 1000'],
      ['negative price', withItem({ price: -1 }), 'items.0.price', 'Học phí là số nguyên từ 0 đến 1.000.000.000 đồng'],
      ['price too high', withItem({ price: 1_000_000_001 }), 'items.0.price', 'Học phí là số nguyên từ 0 đến 1.000.000.000 đồng'],
      ['price with decimals', withItem({ price: 4_800_000.5 }), 'items.0.price', 'Học phí là số nguyên từ 0 đến 1.000.000.000 đồng'],
      ['blank item name', withItem({ name: ' ' }), 'items.0.name', 'Tên gói không được để trống'],
      ['unknown variant', withItem({ variant_ids: [999999] }), 'items.0.variant_ids', 'Thuộc tính không tồn tại'],
      ['unknown discount', { ...body, discount_ids: [999999] }, 'discount_ids', 'Hình thức khuyến mại không tồn tại'],
      ['no discount', { ...body, discount_ids: [] }, 'discount_ids', 'Cần chọn ít nhất một hình thức khuyến mại (có thể chọn "Không khuyến mại")'],
      ['unknown product type', { ...body, product_type_id: 999999 }, 'product_type_id', 'Loại sản phẩm không tồn tại'],
      ['no product type', { ...body, product_type_id: 0 }, 'product_type_id', 'Loại sản phẩm cần được chọn'],
      ['unknown teaching method', { ...body, vendor_id: 999999 }, 'vendor_id', 'Hình thức học không tồn tại'],
      ['status 3', { ...body, status: 3 }, 'status', 'Trạng thái: 1 (đang mở bán) hoặc 2 (ngừng bán)'],
      ['an item of another course', withItem({ product_item_id: 1 }), 'items.0.product_item_id', 'Gói này không thuộc khoá học'],
    ];
    for (const [what, payload, field, message] of cases) {
      const res = await call(app(), 'POST', '/product/create', ctx.tok.admin, payload);
      expect({ what, status: res.statusCode }).toEqual({ what, status: 400 });
      expect({ what, message: res.json().error.fields?.[field] }).toEqual({ what, message });
    }
    expect(await rowsOf('/product/list?search=sai')).toEqual([]);
  });

  it('on update, an item twice or an item of another course is a 400 on that item', async () => {
    const created = (await call(app(), 'POST', '/product/create', ctx.tok.admin, await courseBody('Tiếng Anh thiếu nhi'))).json().data as Course;
    const other = (await rowsOf('/product/list?search=ielts'))[0] as unknown as Course;
    const base = { ...(await courseBody('Tiếng Anh thiếu nhi')), product_id: created.product_id };
    const [a] = created.items;
    const twice = await call(app(), 'PUT', '/product/update', ctx.tok.admin, {
      ...base,
      items: [{ ...base.items[0], product_item_id: a.product_item_id }, { ...base.items[1], product_item_id: a.product_item_id }],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.fields).toEqual({ 'items.1.product_item_id': 'Gói này được gửi hai lần' });
    const foreign = await call(app(), 'PUT', '/product/update', ctx.tok.admin, { ...base, items: [{ ...base.items[0], product_item_id: other.items[0].product_item_id }] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.fields).toEqual({ 'items.0.product_item_id': 'Gói này không thuộc khoá học' });
    expect((await call(app(), 'GET', `/product/show/${created.product_id}`, ctx.tok.admin)).json().data).toEqual(created);
  });
});

describe('who may', () => {
  it('a teacher gets 403 on every course route; a giáo vụ reads but does not write', async () => {
    const body = await courseBody('Khoá học của giáo viên');
    const [first] = await rowsOf('/product/list');
    for (const [method, url, payload] of [
      ['GET', '/product/list', undefined],
      ['GET', `/product/show/${first.product_id}`, undefined],
      ['POST', '/product/create', body],
      ['PUT', '/product/update', { ...body, product_id: first.product_id }],
      ['DELETE', `/product/delete/${first.product_id}`, undefined],
    ] as const) {
      const res = await call(app(), method, url, ctx.tok.teacher, payload);
      expect({ method, url, status: res.statusCode }).toEqual({ method, url, status: 403 });
    }
    expect((await call(app(), 'GET', '/product/list', ctx.tok.academicAffair)).statusCode).toBe(200);
    expect((await call(app(), 'POST', '/product/create', ctx.tok.academicAffair, body)).statusCode).toBe(403);
    expect((await call(app(), 'DELETE', `/product/delete/${first.product_id}`, ctx.tok.academicAffair)).statusCode).toBe(403);
  });
});
