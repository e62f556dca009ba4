/**
 * The benchmarks' data set, written in bulk with plain SQL over the demo data: students with realistic
 * Vietnamese names, e-mails and phone numbers, and the learning area's sessions (classes of 200 sessions
 * over ten years, with their teachers and rooms). Statistics are refreshed at the end, as any bulk load does.
 */
import { openDatabase, sql, type Database } from '../../api/src/db/client';
import { seedIfEmpty } from '../../api/src/db/seed';
import { ACCOUNT_STATUS } from '@trungtam/shared/contracts';

const FAMILY = ['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Hoàng', 'Phan', 'Vũ', 'Đặng', 'Bùi', 'Đỗ', 'Hồ', 'Ngô', 'Dương', 'Lý'];
const MIDDLE = ['Văn', 'Thị', 'Minh', 'Ngọc', 'Gia', 'Bảo', 'Đức', 'Thu', 'Hoài', 'Quốc', 'Khánh', 'Thanh'];
const GIVEN = ['An', 'Bình', 'Chi', 'Dũng', 'Hà', 'Hải', 'Hân', 'Hùng', 'Khoa', 'Lan', 'Linh', 'Long', 'Mai', 'Nam', 'Ngân', 'Phong', 'Phúc', 'Quân', 'Sơn', 'Tâm', 'Thảo', 'Trang', 'Tú', 'Uyên', 'Vy', 'Yến'];
const ASCII_GIVEN = ['an', 'binh', 'chi', 'dung', 'ha', 'hai', 'han', 'hung', 'khoa', 'lan', 'linh', 'long', 'mai', 'nam', 'ngan', 'phong', 'phuc', 'quan', 'son', 'tam', 'thao', 'trang', 'tu', 'uyen', 'vy', 'yen'];
const SOURCES = ['facebook', 'direct', 'affliate', 'ads', 'tiktok', 'youtube', 'other'];

/** Search terms a centre's staff type into the students list: parts of names, of e-mails and of phone numbers. */
export const SEARCH_TERMS = ['Nguyễn Thị Lan', 'Trần Minh', 'Phạm Gia Hân', 'Lê Văn Hùng', 'Thu Trang', 'Bảo Ngân', 'Hoàng Đức', 'linh.', 'quan2', '0912', '09876', 'Đỗ Khánh Vy'];

const pgArray = (values: readonly string[]) => sql.raw(`array[${values.map((v) => `'${v}'`).join(',')}]`);

/** Adds `count` students (ids after the demo data's). */
export async function addStudents(database: Database, count: number): Promise<void> {
  await database.db.execute(sql`
    insert into "user" (name, email, password_hash, phone_number, status, type, role_id, center_id,
                        reference_name, reference_phone, birth_year, birth_month, birth_day, source, address, created_at)
    select (${pgArray(FAMILY)})[1 + g % ${FAMILY.length}] || ' ' || (${pgArray(MIDDLE)})[1 + (g / 7) % ${MIDDLE.length}] || ' '
             || (${pgArray(GIVEN)})[1 + (g / 3) % ${GIVEN.length}],
           (${pgArray(ASCII_GIVEN)})[1 + (g / 3) % ${ASCII_GIVEN.length}] || '.' || g || '@gmail.com',
           'x',
           '09' || lpad(((g::bigint * 7919) % 100000000)::text, 8, '0'),
           case when g % 50 = 0 then ${sql.raw(String(ACCOUNT_STATUS.LOCKED))} else ${sql.raw(String(ACCOUNT_STATUS.ACTIVE))} end,
           'student', (select id from role where guard_name = 'student' order by id limit 1), (g % 3) + 1,
           'Phụ huynh ' || g, '0912345678', 2008 + g % 12, 1 + g % 12, 1 + g % 28,
           (${pgArray(SOURCES)})[1 + g % ${SOURCES.length}],
           g || ' Trần Duy Hưng, Hà Nội',
           timestamptz '2022-01-01 08:00:00+07' + (g || ' minutes')::interval
    from generate_series(1, ${count}) g`);
}

/**
 * Adds about `count` sessions: classes of 200 sessions each, one weekday and hour per class, every other
 * week over ten years from 2021, over 400 teachers and 120 rooms in the three demo centres.
 */
export async function addSessions(database: Database, count: number): Promise<void> {
  const perClass = 200;
  const classes = Math.ceil(count / perClass);
  const teachers = 400;
  const rooms = 120;
  const { db } = database;
  await db.execute(sql`
    insert into "user" (name, email, password_hash, type, status, role_id, center_id)
    select 'Giáo viên thử ' || g, 'bench.teacher' || g || '@trungtam.vn', 'x', 'teacher', 1,
           (select id from role where guard_name = 'teacher' order by id limit 1), (g % 3) + 1
    from generate_series(1, ${teachers}) g`);
  await db.execute(sql`
    insert into room (center_id, name, room_number)
    select (g % 3) + 1, 'Phòng thử ' || g, 'B' || g from generate_series(1, ${rooms}) g`);
  await db.execute(sql`
    insert into class (class_name, class_type, teacher_id, center_id, room_id, product_id, product_item_id, teacher_salary, start_date, class_schedule)
    select 'Lớp thử ' || g, 'group',
           (select min(id) from "user" where email like 'bench.teacher%') + (g % ${teachers}),
           -- the centre of the class's room
           (((g % ${rooms}) + 1) % 3) + 1,
           (select min(room_id) from room where name like 'Phòng thử %') + (g % ${rooms}),
           (select min(product_id) from product), (select min(product_item_id) from product_item), 200000, '2021-01-04', '[]'
    from generate_series(1, ${classes}) g`);
  await db.execute(sql`
    insert into class_schedule (class_id, schedule_date, schedule_date_text, schedule_hour, schedule_minute, duration,
                                teacher_id, academic_affair_id, room_id, center_id, is_attendance)
    select c.class_id,
           to_char(date '2021-01-04' + (c.class_id % 7) + 7 * ((2 * s.n + c.class_id) % 520), 'YYYY-MM-DD'),
           trim(to_char(date '2021-01-04' + (c.class_id % 7) + 7 * ((2 * s.n + c.class_id) % 520), 'Day')),
           8 + (c.class_id % 12), 0, 90, c.teacher_id, c.academic_affair_id, c.room_id, c.center_id, 0
    from (select * from class where class_name like 'Lớp thử %' order by class_id limit ${classes}) c
    cross join generate_series(1, ${perClass}) s(n)
    limit ${count}`);
}

export async function countOf(database: Database, table: 'user' | 'class_schedule', where = sql``): Promise<number> {
  const result = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)} ${where}`);
  return Number(result.rows[0].n);
}

/**
 * Opens (and migrates) the database, adds the demo data, the students and the sessions, and refreshes the
 * statistics. `databaseUrl`: a PostgreSQL database; otherwise an embedded one in `dataDir`.
 */
export async function seedDataSet(target: { databaseUrl?: string; dataDir?: string }, size: { students: number; sessions: number }) {
  const database = await openDatabase(target);
  try {
    await seedIfEmpty(database.db);
    await addStudents(database, size.students);
    if (size.sessions > 0) await addSessions(database, size.sessions);
    await database.db.execute(sql`analyze`);
    return {
      students: await countOf(database, 'user', sql`where type = 'student' and deleted_at is null`),
      sessions: await countOf(database, 'class_schedule'),
    };
  } finally {
    await database.close();
  }
}
