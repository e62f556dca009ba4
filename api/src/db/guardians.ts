/**
 * Guardians made from students' representative fields (user.reference_*): each student with a name, phone
 * or e-mail there and no guardian yet gets one, linked first (position 1). The seed runs it after writing
 * its students; migration 0017 did the same for the rows it found.
 */
import { sql } from 'drizzle-orm';
import type { Queryable } from './client';

export async function guardiansFromRepresentatives(db: Queryable): Promise<void> {
  await db.execute(sql`
    with made as (
      insert into guardian (name, phone, email, preferred_channel, center_id)
      select coalesce(trim(u.reference_name), ''), nullif(trim(u.reference_phone), ''), nullif(trim(u.reference_email), ''),
        case when nullif(trim(u.reference_email), '') is null and nullif(trim(u.reference_phone), '') is not null then 'zalo' else 'email' end,
        u.center_id
      from "user" u
      where u.type = 'student'
        and (coalesce(trim(u.reference_name), '') <> '' or coalesce(trim(u.reference_phone), '') <> '' or coalesce(trim(u.reference_email), '') <> '')
        and not exists (select 1 from student_guardian sg where sg.student_id = u.id)
      order by u.id
      returning id
    )
    select count(*) from made`);
  // the rows just made, matched back to their students by order (both in id order)
  await db.execute(sql`
    insert into student_guardian (student_id, guardian_id, position)
    select s.id, g.id, 1
    from (
      select u.id, row_number() over (order by u.id) as n from "user" u
      where u.type = 'student'
        and (coalesce(trim(u.reference_name), '') <> '' or coalesce(trim(u.reference_phone), '') <> '' or coalesce(trim(u.reference_email), '') <> '')
        and not exists (select 1 from student_guardian sg where sg.student_id = u.id)
    ) s
    join (
      select gd.id, row_number() over (order by gd.id) as n from guardian gd
      where not exists (select 1 from student_guardian sg where sg.guardian_id = gd.id)
    ) g on g.n = s.n`);
}
