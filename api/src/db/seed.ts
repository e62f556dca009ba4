/**
 * Vietnamese demo data, written only into an empty database (no users). Every demo account's password is
 * `matkhau123`. Deterministic (a fixed pseudo-random sequence) and batched, so it takes well under a second.
 */
import dayjs from 'dayjs';
import { sql } from 'drizzle-orm';
import { ADMINISTRATOR_ROLE_NAME, PERMISSION_CATALOGUE } from '@trungtam/shared/permissions';
import { DEFAULT_ROLES, grantedPermissions } from '@trungtam/shared/defaultRoles';
import type { Db, Tx } from './client';
import * as s from './schema';
import { guardiansFromRepresentatives } from './guardians';
import { appendLines, recountEnrollments } from './ledger';
import { insertPayment, recountOrders } from './payments';
import { hashPassword } from '../lib/password';
import { operatorIsoWeek, operatorToday } from '@trungtam/shared/operatorDate';
import { occurrences } from '../lib/weekly-pattern';

export const DEMO_PASSWORD = 'matkhau123';
export const DEMO_ACCOUNTS = {
  admin: 'admin@trungtam.vn',
  academicAffair: 'giaovu@trungtam.vn',
  teacher: 'giaovien@trungtam.vn',
  student: 'hocvien@trungtam.vn',
} as const;

/** The permission ids of each default role (shared/defaultRoles), as the seed grants them. */
export const ROLE_GRANTS = {
  academic_affair: grantedPermissions(DEFAULT_ROLES.academic_affair.grants).map((p) => p.id),
  teacher: grantedPermissions(DEFAULT_ROLES.teacher.grants).map((p) => p.id),
  student: grantedPermissions(DEFAULT_ROLES.student.grants).map((p) => p.id),
};

/** A small deterministic generator so the demo data is the same on every machine. */
function rng(seed: number) {
  let x = seed >>> 0;
  const next = () => {
    x = (x * 1664525 + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
  };
}

const FAMILY = ['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Hoàng', 'Huỳnh', 'Phan', 'Vũ', 'Võ', 'Đặng', 'Bùi', 'Đỗ', 'Hồ', 'Ngô', 'Dương', 'Lý'];
const MIDDLE = ['Văn', 'Thị', 'Minh', 'Ngọc', 'Thanh', 'Quốc', 'Hoài', 'Gia', 'Bảo', 'Đức', 'Thu', 'Hải', 'Anh', 'Kim'];
const GIVEN = ['An', 'Bình', 'Chi', 'Dũng', 'Giang', 'Hà', 'Hạnh', 'Hiếu', 'Hoa', 'Huy', 'Khánh', 'Lan', 'Linh', 'Long', 'Mai', 'Nam', 'Ngân', 'Phúc', 'Phương', 'Quân', 'Quỳnh', 'Sơn', 'Tâm', 'Thảo', 'Trang', 'Trung', 'Tú', 'Tuấn', 'Vy', 'Yến'];
const BANKS = ['Vietcombank', 'Techcombank', 'BIDV', 'VietinBank', 'MB Bank', 'ACB', 'TPBank', 'VPBank'];
const SOURCES = ['facebook', 'direct', 'affliate', 'ads', 'tiktok', 'youtube', 'other', ''] as const;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.|\.$/g, '');
}

/** Seeds when the database holds no account; returns whether it did. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(s.users);
  if (Number(count) > 0) return false;
  // The demo accounts get their own salts; the generated staff and students share one hash (same password).
  const [adminHash, giaovuHash, giaovienHash, hocvienHash, sharedHash] = await Promise.all(
    Array.from({ length: 5 }, () => hashPassword(DEMO_PASSWORD)),
  );
  await db.transaction(async (tx) => {
    await seed(tx, { adminHash, giaovuHash, giaovienHash, hocvienHash, sharedHash });
  });
  // the insights' roll-ups of the sessions just written (migrations 0027 and 0028): a seeded database has none
  // left to sum, and its first read of the overview writes nothing
  await db.execute(sql`select refresh_attendance_rollups(), refresh_room_rollups()`);
  return true;
}

async function seed(
  tx: Tx,
  h: { adminHash: string; giaovuHash: string; giaovienHash: string; hocvienHash: string; sharedHash: string },
) {
  const r = rng(20261122);
  const now = new Date();
  const vnName = () => `${r.pick(FAMILY)} ${r.pick(MIDDLE)} ${r.pick(GIVEN)}`;
  const phone = () => `09${r.int(10000000, 99999999)}`;

  // ---- permissions and roles
  await tx.insert(s.permissions).values(PERMISSION_CATALOGUE.map((p) => ({ id: p.id, resource: p.resource, action: p.action })));
  const roleRows = await tx
    .insert(s.roles)
    .values([
      { name: ADMINISTRATOR_ROLE_NAME, guardName: 'administrator' },
      { name: DEFAULT_ROLES.academic_affair.name, guardName: 'academic_affair' },
      { name: DEFAULT_ROLES.teacher.name, guardName: 'teacher' },
      { name: DEFAULT_ROLES.student.name, guardName: 'student' },
    ])
    .returning();
  const [adminRole, affairRole, teacherRole, studentRole] = roleRows;
  await tx.insert(s.rolePermissions).values([
    ...PERMISSION_CATALOGUE.map((p) => ({ roleId: adminRole.id, permissionId: p.id })),
    ...ROLE_GRANTS.academic_affair.map((id) => ({ roleId: affairRole.id, permissionId: id })),
    ...ROLE_GRANTS.teacher.map((id) => ({ roleId: teacherRole.id, permissionId: id })),
    ...ROLE_GRANTS.student.map((id) => ({ roleId: studentRole.id, permissionId: id })),
  ]);

  // ---- centres and rooms
  const centerRows = await tx
    .insert(s.centers)
    .values([
      { name: 'Trung tâm Hà Nội', address: '25 Trần Duy Hưng, Cầu Giấy, Hà Nội', phoneNumber: '02437654321' },
      { name: 'Trung tâm TP.HCM', address: '120 Nguyễn Thị Minh Khai, Quận 3, TP. Hồ Chí Minh', phoneNumber: '02839123456' },
      { name: 'Trung tâm Đà Nẵng', address: '45 Nguyễn Văn Linh, Hải Châu, Đà Nẵng', phoneNumber: '02363888999' },
    ])
    .returning();
  const roomRows = await tx
    .insert(s.rooms)
    .values(
      centerRows.flatMap((c, ci) =>
        [1, 2, 3].map((n) => ({ centerId: c.centerId, name: `Phòng ${ci + 1}0${n}`, roomNumber: `${ci + 1}0${n}`, capacity: n === 3 ? 6 : 20 })),
      ),
    )
    .returning();
  const roomsOf = (centerId: number) => roomRows.filter((room) => room.centerId === centerId);
  const [hn, hcm, dn] = centerRows;

  // ---- demo accounts
  const demo = await tx
    .insert(s.users)
    .values([
      { name: 'Quản trị viên', email: DEMO_ACCOUNTS.admin, passwordHash: h.adminHash, phoneNumber: '0901000001', type: 'administrator', roleId: adminRole.id },
      { name: 'Trần Thu Hà', email: DEMO_ACCOUNTS.academicAffair, passwordHash: h.giaovuHash, phoneNumber: '0901000002', type: 'academic_affair', roleId: affairRole.id, centerId: hn.centerId },
      {
        name: 'Nguyễn Minh Tuấn', email: DEMO_ACCOUNTS.teacher, passwordHash: h.giaovienHash, phoneNumber: '0901000003', type: 'teacher', roleId: teacherRole.id, centerId: hn.centerId,
        bankingName: 'Vietcombank', bankingNumber: '0011004567890', about: 'Giáo viên tiếng Anh 8 năm kinh nghiệm', certificate: 'IELTS 8.0, TESOL',
      },
      {
        name: 'Lê Gia Bảo', email: DEMO_ACCOUNTS.student, passwordHash: h.hocvienHash, phoneNumber: '0901000004', type: 'student', roleId: studentRole.id, centerId: hn.centerId,
        referenceName: 'Lê Văn Hùng', referencePhone: '0912345678', referenceEmail: 'levanhung@gmail.com', birthYear: 2012, birthMonth: 5, birthDay: 14, source: 'facebook', address: 'Cầu Giấy, Hà Nội',
      },
    ])
    .returning();
  const [, giaovu, giaovien, hocvien] = demo;
  const otherAffairs = await tx
    .insert(s.users)
    .values([
      { name: 'Phạm Ngọc Lan', email: 'giaovu.hcm@trungtam.vn', passwordHash: h.sharedHash, phoneNumber: phone(), type: 'academic_affair', roleId: affairRole.id, centerId: hcm.centerId },
      { name: 'Võ Thanh Sơn', email: 'giaovu.danang@trungtam.vn', passwordHash: h.sharedHash, phoneNumber: phone(), type: 'academic_affair', roleId: affairRole.id, centerId: dn.centerId },
    ])
    .returning();
  const affairOf = new Map([
    [hn.centerId, giaovu.id],
    [hcm.centerId, otherAffairs[0].id],
    [dn.centerId, otherAffairs[1].id],
  ]);

  // ---- teachers (12 incl. the demo teacher), some locked
  const used = new Set<string>(Object.values(DEMO_ACCOUNTS));
  const uniqueEmail = (name: string, prefix: string) => {
    let base = `${prefix}${slug(name)}`;
    let email = `${base}@trungtam.vn`;
    for (let i = 2; used.has(email); i += 1) email = `${base}${i}@trungtam.vn`;
    used.add(email);
    return email;
  };
  const teacherRows = await tx
    .insert(s.users)
    .values(
      Array.from({ length: 11 }, (_, i) => {
        const name = vnName();
        return {
          name,
          email: uniqueEmail(name, 'gv.'),
          passwordHash: h.sharedHash,
          phoneNumber: phone(),
          type: 'teacher',
          roleId: teacherRole.id,
          centerId: centerRows[i % 3].centerId,
          status: i === 4 || i === 9 ? 4 : 1,
          bankingName: r.pick(BANKS),
          bankingNumber: String(r.int(100000000, 999999999)) + String(r.int(100, 999)),
          about: r.pick(['Giáo viên tiếng Anh', 'Giáo viên Toán', 'Giáo viên tiếng Nhật', 'Giáo viên Tin học', 'Giáo viên Vật lý']),
          certificate: r.pick(['IELTS 7.5', 'TESOL', 'JLPT N1', 'Thạc sĩ Sư phạm', 'Cử nhân Sư phạm']),
          createdAt: dayjs(now).subtract(r.int(30, 400), 'day').toDate(),
          lastTimeLogin: r.next() < 0.7 ? dayjs(now).subtract(r.int(0, 20), 'day').toDate() : null,
        };
      }),
    )
    .returning();
  const teachers = [giaovien, ...teacherRows];

  // ---- students (60 incl. the demo student)
  const studentRows = await tx
    .insert(s.users)
    .values(
      Array.from({ length: 59 }, (_, i) => {
        const name = vnName();
        const family = name.split(' ')[0];
        return {
          name,
          email: uniqueEmail(name, 'hv.'),
          passwordHash: h.sharedHash,
          phoneNumber: phone(),
          type: 'student',
          roleId: studentRole.id,
          centerId: centerRows[i % 3].centerId,
          status: i % 17 === 5 ? 4 : 1,
          referenceName: `${family} ${r.pick(MIDDLE)} ${r.pick(GIVEN)}`,
          referencePhone: phone(),
          referenceEmail: r.next() < 0.5 ? `${slug(name)}.phuhuynh@gmail.com` : null,
          birthYear: r.int(2005, 2018),
          birthMonth: r.int(1, 12),
          birthDay: r.int(1, 28),
          source: r.pick(SOURCES) || null,
          address: r.pick(['Cầu Giấy, Hà Nội', 'Đống Đa, Hà Nội', 'Quận 3, TP.HCM', 'Thủ Đức, TP.HCM', 'Hải Châu, Đà Nẵng', 'Sơn Trà, Đà Nẵng']),
          createdAt: dayjs(now).subtract(r.int(1, 300), 'day').toDate(),
          lastTimeLogin: r.next() < 0.5 ? dayjs(now).subtract(r.int(0, 30), 'day').toDate() : null,
        };
      }),
    )
    .returning();
  const students = [hocvien, ...studentRows];
  // each student's representative is their first guardian
  await guardiansFromRepresentatives(tx);

  // ---- catalogue: product types, teaching methods, variants, discounts, courses
  const types = await tx
    .insert(s.productTypes)
    .values([
      { name: 'Tiếng Anh', description: 'Các khoá tiếng Anh giao tiếp và luyện thi' },
      { name: 'Toán tư duy', description: 'Toán tư duy cho học sinh tiểu học và THCS' },
      { name: 'Lập trình', description: 'Lập trình cho thiếu nhi' },
    ])
    .returning();
  const teachingMethodRows = await tx
    .insert(s.teachingMethods)
    .values([
      { name: 'Offline', description: 'Học trực tiếp tại trung tâm' },
      { name: 'Online', description: 'Học trực tuyến qua Zoom / Google Meet' },
      { name: '1-1', description: 'Kèm riêng một giáo viên một học viên' },
    ])
    .returning();
  const groups = await tx.insert(s.variantGroups).values([{ name: 'Trình độ' }, { name: 'Thời lượng' }]).returning();
  const variantRows = await tx
    .insert(s.variants)
    .values([
      ...['Cơ bản', 'Trung cấp', 'Nâng cao'].map((name) => ({ variantGroupId: groups[0].id, name })),
      ...['24 buổi', '36 buổi', '48 buổi'].map((name) => ({ variantGroupId: groups[1].id, name })),
    ])
    .returning();
  const discountRows = await tx
    .insert(s.discounts)
    .values([
      { name: 'Không khuyến mại', discountPercent: 0 },
      { name: 'Giảm 5% học viên cũ', discountPercent: 5 },
      { name: 'Giảm 10% anh chị em ruột', discountPercent: 10 },
      { name: 'Ưu đãi khai giảng 15%', discountPercent: 15 },
    ])
    .returning();
  const productRows = await tx
    .insert(s.products)
    .values([
      { name: 'Tiếng Anh giao tiếp', productTypeId: types[0].id, teachingMethodId: teachingMethodRows[0].id, description: 'Giao tiếp tự tin trong 3 tháng' },
      { name: 'Luyện thi IELTS', productTypeId: types[0].id, teachingMethodId: teachingMethodRows[1].id, description: 'Mục tiêu 6.5+' },
      { name: 'Toán tư duy lớp 3–5', productTypeId: types[1].id, teachingMethodId: teachingMethodRows[0].id, description: 'Phát triển tư duy logic' },
      { name: 'Lập trình Scratch', productTypeId: types[2].id, teachingMethodId: teachingMethodRows[0].id, description: 'Lập trình kéo thả cho trẻ 8–12 tuổi' },
      { name: 'Kèm 1-1 tiếng Anh', productTypeId: types[0].id, teachingMethodId: teachingMethodRows[2].id, description: 'Lộ trình riêng theo trình độ' },
    ])
    .returning();
  await tx.insert(s.productDiscounts).values(
    productRows.flatMap((p, i) => discountRows.filter((d, di) => di === 0 || (di + i) % 2 === 0).map((d) => ({ productId: p.productId, discountId: d.discountId }))),
  );
  const itemRows = await tx
    .insert(s.productItems)
    .values(
      productRows.flatMap((p, i) => [
        { productId: p.productId, name: `${p.name} – 24 buổi`, totalLesson: 24, price: [4_800_000, 7_200_000, 3_600_000, 4_200_000, 9_600_000][i] },
        { productId: p.productId, name: `${p.name} – 36 buổi`, totalLesson: 36, price: [6_900_000, 10_500_000, 5_200_000, 6_000_000, 14_000_000][i] },
      ]),
    )
    .returning();
  await tx.insert(s.productItemVariants).values(
    itemRows.flatMap((item, i) => [
      { productItemId: item.productItemId, variantId: variantRows[i % 3].id },
      { productItemId: item.productItemId, variantId: variantRows[item.totalLesson === 24 ? 3 : 4].id },
    ]),
  );

  // ---- classes with weekly patterns
  const classPlans = [
    { name: 'GT-HN-01 Giao tiếp cơ bản', type: 'collective', center: hn, teacher: giaovien, item: 0, pattern: [[1, 18], [3, 18]] },
    { name: 'IELTS-HN-02 Luyện thi 6.5', type: 'collective', center: hn, teacher: giaovien, item: 2, pattern: [[2, 19], [4, 19], [6, 9]] },
    { name: 'TOAN-HN-03 Toán tư duy lớp 4', type: 'group', center: hn, teacher: teacherRows[2], item: 4, pattern: [[6, 14], [0, 9]] },
    { name: 'SCR-HCM-01 Scratch nhập môn', type: 'group', center: hcm, teacher: teacherRows[0], item: 6, pattern: [[2, 17], [5, 17]] },
    { name: 'GT-HCM-02 Giao tiếp trung cấp', type: 'collective', center: hcm, teacher: teacherRows[3], item: 1, pattern: [[1, 19], [3, 19]] },
    { name: 'KEM-HCM-03 Kèm 1-1 Bảo Anh', type: 'solo', center: hcm, teacher: teacherRows[6], item: 8, pattern: [[4, 18]] },
    { name: 'TOAN-DN-01 Toán tư duy lớp 3', type: 'group', center: dn, teacher: teacherRows[1], item: 4, pattern: [[2, 16], [4, 16]] },
    { name: 'GT-DN-02 Giao tiếp cơ bản', type: 'collective', center: dn, teacher: teacherRows[7], item: 0, pattern: [[3, 18], [5, 18]] },
  ] as const;
  // the operator's week (Việt Nam), whatever the server's zone: the dashboard shows that week
  const monday = dayjs(operatorIsoWeek().start, 'YYYY-MM-DD');
  const classRows = await tx
    .insert(s.classes)
    .values(
      classPlans.map((c, i) => {
        const item = itemRows[c.item];
        const room = roomsOf(c.center.centerId)[c.type === 'solo' ? 2 : i % 2];
        return {
          className: c.name,
          classType: c.type,
          teacherId: c.teacher.id,
          academicAffairId: affairOf.get(c.center.centerId),
          centerId: c.center.centerId,
          roomId: room.roomId,
          productId: item.productId,
          productItemId: item.productItemId,
          teacherSalary: c.type === 'solo' ? 300_000 : 250_000,
          startDate: monday.subtract(21, 'day').format('YYYY-MM-DD'),
          classSchedule: JSON.stringify(c.pattern.map(([weekday, hour]) => ({ weekday, hour, minute: 0, duration: 90 }))),
        };
      }),
    )
    .returning();

  // ---- enrolments (+ their orders); each class takes students of its centre
  const enrolValues: Array<typeof s.enrollments.$inferInsert> = [];
  const enrolMeta: Array<{ classIdx: number; price: number; lessons: number; percent: number }> = [];
  classRows.forEach((cls, ci) => {
    const pool = students.filter((st) => st.centerId === cls.centerId && st.status === 1);
    const size = classPlans[ci].type === 'solo' ? 1 : classPlans[ci].type === 'group' ? 5 : 8;
    const offset = ci * 3;
    const chosen = new Set<number>();
    if (ci === 0 || ci === 2) chosen.add(hocvien.id);
    for (let k = 0; chosen.size < size && k < pool.length; k += 1) chosen.add(pool[(offset + k) % pool.length].id);
    const item = itemRows.find((it) => it.productItemId === cls.productItemId)!;
    for (const userId of chosen) {
      const discount = r.next() < 0.6 ? discountRows[0] : r.pick(discountRows);
      const promote = r.next() < 0.2 ? 2 : 0;
      enrolValues.push({
        classId: cls.classId,
        userId,
        status: 1,
        // enrolled from the class's first session: the seed takes the rolls of the sessions already held
        startDate: cls.startDate!,
        totalLesson: item.totalLesson + promote,
        totalLessonLearned: 0,
        totalLessonPromote: promote,
        totalDiscountPercent: discount.discountPercent,
        discountId: discount.discountId,
      });
      enrolMeta.push({ classIdx: ci, price: item.price, lessons: item.totalLesson, percent: discount.discountPercent });
    }
  });
  const enrolRows = await tx.insert(s.enrollments).values(enrolValues).returning();
  const orderRows = await tx.insert(s.orders).values(
    enrolRows.map((e, i) => ({
      enrollmentId: e.enrollmentId,
      userId: e.userId,
      classId: e.classId,
      productItemId: classRows[enrolMeta[i].classIdx].productItemId,
      listPrice: enrolMeta[i].price,
      discountPercent: enrolMeta[i].percent,
      lessons: enrolMeta[i].lessons,
      amount: Math.round((enrolMeta[i].price * (100 - enrolMeta[i].percent)) / 100),
      status: 'pending',
      // due a week after the class started: the unpaid ones of a running class are overdue
      dueDate: dayjs(e.startDate, 'YYYY-MM-DD').add(7, 'day').format('YYYY-MM-DD'),
    })),
  ).returning();
  // three orders in four paid in full when the class started (in cash or by transfer), one in eight of the
  // others half paid; each payment with its receipt number, and the orders recounted from them
  const seedToday = operatorToday();
  for (const [i, order] of orderRows.entries()) {
    const paidOn = enrolRows[i].startDate < seedToday ? enrolRows[i].startDate : seedToday;
    const centerId = classRows[enrolMeta[i].classIdx].centerId ?? 0;
    const amount = i % 4 !== 3 ? order.amount : i % 8 === 7 ? Math.round(order.amount / 2) : 0;
    if (amount > 0) await insertPayment(tx, { orderId: order.orderId, amount, method: i % 3 === 0 ? 'transfer' : 'cash', paidOn, centerId });
  }
  await recountOrders(tx, orderRows.map((order) => order.orderId));

  // ---- holidays: the national days off of this year and the next (every centre)
  const year = monday.year();
  const holidayValues = [year, year + 1].flatMap((y) => [
    { centerId: null, date: `${y}-01-01`, name: 'Tết Dương lịch' },
    { centerId: null, date: `${y}-04-30`, name: 'Ngày Giải phóng miền Nam' },
    { centerId: null, date: `${y}-05-01`, name: 'Ngày Quốc tế Lao động' },
    { centerId: null, date: `${y}-09-02`, name: 'Quốc khánh' },
  ]);
  await tx.insert(s.holidays).values(holidayValues);
  const dayOff = new Set(holidayValues.map((h) => h.date));

  // ---- sessions: every lesson of each class from its start date (days off left out); the sessions
  // before today have their attendance taken (a student in ten misses one), and the lessons learned
  // of each enrolment are the sessions attended
  const today = operatorToday();
  const sessions: Array<typeof s.classSchedules.$inferInsert> = [];
  classRows.forEach((cls, ci) => {
    const item = itemRows.find((it) => it.productItemId === cls.productItemId)!;
    const pattern = classPlans[ci].pattern.map(([weekday, hour]) => ({ weekday, hour, minute: 0, duration: 90 }));
    const solo = classPlans[ci].type === 'solo' ? enrolRows.find((e) => e.classId === cls.classId)?.userId : null;
    let placed = 0;
    for (const slot of occurrences(pattern, cls.startDate!)) {
      if (dayOff.has(slot.date)) continue;
      sessions.push({
        classId: cls.classId,
        scheduleDate: slot.date,
        scheduleDateText: WEEKDAYS[dayjs(slot.date, 'YYYY-MM-DD').day()],
        scheduleHour: slot.hour,
        scheduleMinute: 0,
        duration: 90,
        teacherId: cls.teacherId,
        academicAffairId: cls.academicAffairId,
        roomId: cls.roomId,
        centerId: cls.centerId,
        studentId: solo ?? null,
        isAttendance: slot.date < today ? 1 : 0,
      });
      placed += 1;
      if (placed === item.totalLesson) break;
    }
  });
  const sessionRows = await tx.insert(s.classSchedules).values(sessions).returning();
  const attendanceValues: Array<typeof s.attendances.$inferInsert> = [];
  for (const session of sessionRows.filter((row) => row.isAttendance === 1)) {
    for (const enrolment of enrolRows.filter((e) => e.classId === session.classId)) {
      const present = r.next() >= 0.1;
      attendanceValues.push({ scheduleId: session.scheduleId, userId: enrolment.userId, status: present ? 'present' : r.next() < 0.5 ? 'absent' : 'excused' });
    }
  }
  if (attendanceValues.length) await tx.insert(s.attendances).values(attendanceValues);
  // the lesson ledger: each enrolment's purchase and bonus, and a line per session attended; the
  // enrolments' counts are then recounted from these lines, as every write does
  const enrolmentOf = new Map(enrolRows.map((e) => [`${e.classId}:${e.userId}`, e]));
  const sessionOf = new Map(sessionRows.map((row) => [row.scheduleId, row]));
  await appendLines(tx, [
    ...enrolRows.flatMap((e, i) => [
      { enrollmentId: e.enrollmentId, kind: 'purchased' as const, lessons: e.totalLesson - e.totalLessonPromote, orderId: orderRows[i].orderId, occurredOn: e.startDate },
      { enrollmentId: e.enrollmentId, kind: 'bonus' as const, lessons: e.totalLessonPromote, occurredOn: e.startDate },
    ]),
    ...attendanceValues
      .filter((mark) => mark.status === 'present')
      .map((mark) => {
        const session = sessionOf.get(mark.scheduleId)!;
        return { enrollmentId: enrolmentOf.get(`${session.classId}:${mark.userId}`)!.enrollmentId, kind: 'attended' as const, lessons: -1, scheduleId: session.scheduleId, occurredOn: session.scheduleDate };
      }),
  ]);
  await recountEnrollments(tx, enrolRows.map((e) => e.enrollmentId));
  // a few students came with lessons learned on paper: an opening line leaves each one or two lessons,
  // so that the "Sắp hết buổi" list has rows
  const counted = await tx.select().from(s.enrollments).orderBy(s.enrollments.enrollmentId);
  const runningOut = counted.filter((e, i) => i % 5 === 1 && e.totalLesson - e.totalLessonLearned > 2);
  await appendLines(
    tx,
    runningOut.map((e, i) => ({
      enrollmentId: e.enrollmentId,
      kind: 'opening' as const,
      lessons: -(e.totalLesson - e.totalLessonLearned - (1 + (i % 2))),
      reason: 'Đã học trước khi chuyển sang phần mềm',
      occurredOn: e.startDate,
    })),
  );
  await recountEnrollments(tx, runningOut.map((e) => e.enrollmentId));

  // ---- notifications
  const notify = (userId: number, name: string, message: string, isRead: 1 | 2, daysAgo: number) => ({
    userId,
    name,
    message,
    isRead,
    createdAt: dayjs(now).subtract(daysAgo, 'day').toDate(),
  });
  // Listed newest first; inserted oldest first, so that notification_id DESC (every notification list's sort) is newest first.
  const demoNotifications = [
    notify(demo[0].id, 'Học viên mới', 'Lê Gia Bảo đã được gán vào lớp GT-HN-01 Giao tiếp cơ bản', 2, 0),
    notify(demo[0].id, 'Đổi lịch học', 'Lớp IELTS-HN-02 chuyển buổi thứ Bảy sang 9:00', 2, 1),
    notify(demo[0].id, 'Báo cáo tháng', 'Bảng chấm công giáo viên tháng trước đã sẵn sàng để xuất', 2, 2),
    notify(demo[0].id, 'Tài khoản bị khoá', 'Một tài khoản giáo viên vừa bị khoá', 1, 3),
    notify(demo[0].id, 'Cuộc thi', 'Cuộc thi Olympic Tiếng Anh mở đăng ký vòng loại', 1, 5),
    notify(demo[0].id, 'Chào mừng', 'Chào mừng bạn đến với hệ thống quản lý trung tâm', 1, 30),
    notify(giaovu.id, 'Lớp mới', 'Lớp TOAN-HN-03 đã có lịch học tuần này', 2, 0),
    notify(giaovu.id, 'Học viên mới', 'Có 2 học viên đăng ký mới tại Hà Nội', 2, 1),
    notify(giaovu.id, 'Nhắc việc', 'Cập nhật điểm danh cho lớp GT-HN-01', 1, 4),
    notify(giaovu.id, 'Chào mừng', 'Chào mừng bạn đến với hệ thống quản lý trung tâm', 1, 30),
    notify(giaovien.id, 'Lịch dạy', 'Bạn có 5 buổi dạy trong tuần này', 2, 0),
    notify(giaovien.id, 'Điểm danh', 'Nhớ điểm danh lớp IELTS-HN-02 sau buổi học', 2, 1),
    notify(giaovien.id, 'Chấm thi', 'Vòng loại Olympic Tiếng Anh cần chấm điểm', 1, 3),
    notify(giaovien.id, 'Chào mừng', 'Chào mừng bạn đến với hệ thống quản lý trung tâm', 1, 30),
    notify(hocvien.id, 'Lớp học', 'Bạn đã được gán vào lớp GT-HN-01 Giao tiếp cơ bản', 2, 0),
    notify(hocvien.id, 'Đổi lịch học', 'Lớp Toán tư duy chuyển sang phòng 102', 2, 2),
    notify(hocvien.id, 'Cuộc thi', 'Bạn đã được đăng ký dự thi Olympic Tiếng Anh', 1, 6),
    notify(hocvien.id, 'Chào mừng', 'Chào mừng bạn đến với hệ thống quản lý trung tâm', 1, 30),
  ];
  await tx.insert(s.notifications).values(demoNotifications.reverse());

  // Staff messages (the notification settings screen): one sent by the administrator to the TP.HCM
  // centre, with its recipients (every active teacher, student and giáo vụ there; a third have read it),
  // and a draft of the Hà Nội giáo vụ to the teachers of their centre. Neither reaches a demo account,
  // whose inboxes above stay as they are.
  const sentAt = dayjs(now).subtract(2, 'day').toDate();
  const [sentMessage] = await tx
    .insert(s.notifications)
    .values({
      userId: null, name: 'Lịch nghỉ Tết Nguyên đán', message: 'Trung tâm TP.HCM nghỉ Tết 7 ngày; lịch học bù sẽ được giáo vụ gửi tới từng lớp.',
      isRead: 1, targetKind: 'center', targetCenterId: hcm.centerId, isSend: 1, sentAt, createdBy: demo[0].id,
      createdAt: dayjs(now).subtract(3, 'day').toDate(),
    })
    .returning();
  const hcmPeople = [...teachers, ...students, ...otherAffairs].filter((u) => u.centerId === hcm.centerId && u.status === 1);
  await tx.insert(s.notifications).values(
    hcmPeople.map((u, i) => ({
      userId: u.id, parentId: sentMessage.notificationId, name: sentMessage.name, message: sentMessage.message,
      isRead: i % 3 === 0 ? 1 : 2, createdAt: sentAt,
    })),
  );
  await tx.insert(s.notifications).values({
    userId: null, name: 'Họp chuyên môn cuối tháng', message: 'Mời các thầy cô dự họp chuyên môn lúc 17:30 thứ Sáu cuối tháng tại phòng 101.',
    isRead: 1, targetKind: 'type', targetType: 'teacher', targetCenterId: hn.centerId, isSend: 0, createdBy: giaovu.id,
  });

  // ---- a competition running: two rounds, subjects, groups, examinees (students and outside candidates),
  // a grader for English, and the first round's scores typed in but not finalised yet (a tie included)
  const entrants = students.slice(0, 16);
  const outsiders = ['Đinh Khánh Linh', 'Mai Quốc Huy', 'Tạ Thu Trang'];
  const [competition] = await tx
    .insert(s.competitions)
    .values({
      name: 'Olympic Tiếng Anh và Toán 2026',
      description: 'Cuộc thi học thuật thường niên dành cho học viên tiểu học và THCS',
      startDate: monday.subtract(7, 'day').format('YYYY-MM-DD'),
      endDate: monday.add(30, 'day').format('YYYY-MM-DD'),
      status: 3,
      centerId: hn.centerId,
      candidateSeq: entrants.length + outsiders.length,
    })
    .returning();
  const topicRows = await tx.insert(s.topics).values([{ name: 'Tiếng Anh' }, { name: 'Toán' }]).returning();
  const groupRows = await tx.insert(s.examineeTypes).values([{ name: 'Tiểu học (8–10 tuổi)' }, { name: 'THCS (11–14 tuổi)' }]).returning();
  await tx.insert(s.competitionGraders).values({ competitionId: competition.competitionId, topicId: topicRows[0].topicId, userId: giaovien.id });
  const roundRows = await tx
    .insert(s.rounds)
    .values([
      { competitionId: competition.competitionId, name: 'Vòng loại', order: 1, date: monday.subtract(2, 'day').format('YYYY-MM-DD'), maxScore: 100, passScore: 60 },
      { competitionId: competition.competitionId, name: 'Chung kết', order: 2, date: monday.add(12, 'day').format('YYYY-MM-DD'), maxScore: 100, passScore: 75 },
    ])
    .returning();
  const candidateNumber = (n: number) => String(n).padStart(4, '0');
  const examineeRows = await tx
    .insert(s.examinees)
    .values([
      ...entrants.map((st, i) => ({
        competitionId: competition.competitionId,
        userId: st.id,
        fullName: st.name,
        birthDate: st.birthYear ? `${st.birthYear}-${String(st.birthMonth ?? 1).padStart(2, '0')}-${String(st.birthDay ?? 1).padStart(2, '0')}` : null,
        typeId: (st.birthYear ?? 2012) >= 2015 ? groupRows[0].typeId : groupRows[1].typeId,
        topicId: topicRows[i % 2].topicId,
        candidateNumber: candidateNumber(i + 1),
        school: r.pick(['TH Dịch Vọng', 'THCS Cầu Giấy', 'TH Lê Quý Đôn', 'THCS Nguyễn Du']),
        contact: st.referencePhone ?? st.phoneNumber,
      })),
      ...outsiders.map((fullName, i) => ({
        competitionId: competition.competitionId,
        userId: null,
        fullName,
        birthDate: `201${i + 2}-0${i + 3}-1${i}`,
        typeId: groupRows[i % 2].typeId,
        topicId: topicRows[(i + 1) % 2].topicId,
        candidateNumber: candidateNumber(entrants.length + i + 1),
        school: 'TH Đoàn Thị Điểm',
        contact: phone(),
      })),
    ])
    .returning();
  // the last three of each subject are left to grade; the first two share a score (they share a rank)
  const toScore = [...topicRows.flatMap((topic) => examineeRows.filter((ex) => ex.topicId === topic.topicId).slice(0, -3))];
  await tx.insert(s.examineePoints).values(
    toScore.map((ex, i) => ({
      examineeId: ex.examineeId,
      roundId: roundRows[0].roundId,
      score: i < 2 ? 88 : r.int(45, 98),
      graderId: ex.topicId === topicRows[0].topicId ? giaovien.id : giaovu.id,
      comment: r.pick(['Làm bài tốt', 'Cần cải thiện phần nghe', 'Trình bày rõ ràng', null]),
      status: 'draft',
    })),
  );
}
