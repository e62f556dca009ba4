/**
 * Who a message to families about some students goes to, and by which channels: each guardian of the
 * students once (with the students among them it is linked to: siblings share a message), each student
 * without a reachable guardian at their own contacts; a route per recipient of the guardian's preferred
 * channel, then the other configured channels they have an address for (e-mail: an address; Zalo and SMS:
 * a phone).
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { MESSAGE_CHANNELS, type MessageChannel } from '@trungtam/shared/contracts/familyMessages';
import type { Queryable } from '../db/client';
import type { RouteEntry } from '../db/outbox';
import { centers, guardians, studentGuardians, users } from '../db/schema';

/** A student an event concerns, as its messages name them. */
export interface MessageStudent {
  id: number;
  name: string;
  centerName: string | null;
  centerPhone: string | null;
}

/** One recipient of an event: a guardian (or a student's own contacts) and the students it is told about. */
export interface Recipient {
  /** `g<guardian id>` or `s<student id>` (own contacts). */
  key: string;
  guardianId: number | null;
  /** "chị Lan", or "anh/chị" for a student's own contacts. */
  address: string;
  route: RouteEntry[];
  students: MessageStudent[];
}

const hasText = (value: string | null | undefined): value is string => Boolean(value?.trim());

/** The route of a contact: the preferred channel first, then the others in order, each configured and with an address. */
export function routeOf(
  contact: { email: string | null; phone: string | null; preferred: string },
  channels: readonly MessageChannel[],
): RouteEntry[] {
  const order = [contact.preferred, ...MESSAGE_CHANNELS.filter((channel) => channel !== contact.preferred)];
  return order.flatMap((channel): RouteEntry[] => {
    if (!channels.includes(channel as MessageChannel)) return [];
    const recipient = channel === 'email' ? contact.email : contact.phone;
    return hasText(recipient) ? [{ channel, recipient: recipient.trim().slice(0, 255) }] : [];
  });
}

/**
 * The recipients of an event about `studentIds`: each of their guardians once, with the students among
 * them it is linked to; each student without a guardian (or whose guardians have no address on any
 * configured channel) at their own contacts.
 */
export async function recipientsOf(db: Queryable, studentIds: number[], channels: readonly MessageChannel[]): Promise<Recipient[]> {
  const ids = [...new Set(studentIds)];
  if (!ids.length) return [];
  // one query: each student with each of its guardians (or none), guardians in their order
  const rows = await db
    .select({
      student: { id: users.id, name: users.name, email: users.email, phone: users.phoneNumber, centerName: centers.name, centerPhone: centers.phoneNumber },
      guardian: { id: guardians.id, name: guardians.name, email: guardians.email, phone: guardians.phone, preferredChannel: guardians.preferredChannel, addressAs: guardians.addressAs },
    })
    .from(users)
    .leftJoin(centers, eq(centers.centerId, users.centerId))
    .leftJoin(studentGuardians, eq(studentGuardians.studentId, users.id))
    .leftJoin(guardians, eq(guardians.id, studentGuardians.guardianId))
    .where(and(inArray(users.id, ids), isNull(users.deletedAt)))
    .orderBy(users.id, studentGuardians.position, guardians.id);
  const studentById = new Map(rows.map((row) => [row.student.id, row.student]));
  const students = [...studentById.values()];
  const links = rows.flatMap((row) => (row.guardian ? [{ studentId: row.student.id, guardian: row.guardian }] : []));
  const byGuardian = new Map<number, Recipient>();
  const reached = new Set<number>();
  for (const { studentId, guardian } of links) {
    const student = studentById.get(studentId);
    if (!student) continue;
    const route = routeOf({ email: guardian.email, phone: guardian.phone, preferred: guardian.preferredChannel }, channels);
    if (!route.length) continue;
    reached.add(studentId);
    const recipient = byGuardian.get(guardian.id) ?? {
      key: `g${guardian.id}`,
      guardianId: guardian.id,
      address: hasText(guardian.name) ? `${guardian.addressAs} ${guardian.name.trim()}` : guardian.addressAs,
      route,
      students: [],
    };
    recipient.students.push(student);
    byGuardian.set(guardian.id, recipient);
  }
  const ownContacts = students.flatMap((student): Recipient[] => {
    if (reached.has(student.id)) return [];
    const route = routeOf({ email: student.email, phone: student.phone, preferred: 'email' }, channels);
    return route.length ? [{ key: `s${student.id}`, guardianId: null, address: 'anh/chị', route, students: [student] }] : [];
  });
  for (const recipient of byGuardian.values()) recipient.students.sort((x, y) => x.id - y.id);
  return [...byGuardian.values(), ...ownContacts];
}

