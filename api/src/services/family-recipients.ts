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

/** The students of some events with their guardians, read once (contactsOf) and grouped per event (recipientsAmong). */
export interface Contacts {
  students: Map<number, MessageStudent & { email: string; phone: string | null }>;
  /** Each student's guardians, in their order. */
  guardiansOf: Map<number, Array<{ id: number; name: string; email: string | null; phone: string | null; preferredChannel: string; addressAs: string }>>;
}

/** The contacts of `studentIds` (deleted accounts left out), in one query. */
export async function contactsOf(db: Queryable, studentIds: number[]): Promise<Contacts> {
  const ids = [...new Set(studentIds)];
  const contacts: Contacts = { students: new Map(), guardiansOf: new Map() };
  if (!ids.length) return contacts;
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
  for (const row of rows) {
    contacts.students.set(row.student.id, row.student);
    if (row.guardian) contacts.guardiansOf.set(row.student.id, [...(contacts.guardiansOf.get(row.student.id) ?? []), row.guardian]);
  }
  return contacts;
}

/**
 * The recipients of an event about `studentIds`: each of their guardians once, with the students among
 * them it is linked to; each student without a guardian (or whose guardians have no address on any
 * configured channel) at their own contacts.
 */
export function recipientsAmong(contacts: Contacts, studentIds: number[], channels: readonly MessageChannel[]): Recipient[] {
  const byGuardian = new Map<number, Recipient>();
  const ownContacts: Recipient[] = [];
  for (const id of [...new Set(studentIds)].sort((x, y) => x - y)) {
    const student = contacts.students.get(id);
    if (!student) continue;
    let reached = false;
    for (const guardian of contacts.guardiansOf.get(id) ?? []) {
      const route = routeOf({ email: guardian.email, phone: guardian.phone, preferred: guardian.preferredChannel }, channels);
      if (!route.length) continue;
      reached = true;
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
    if (reached) continue;
    const route = routeOf({ email: student.email, phone: student.phone, preferred: 'email' }, channels);
    if (route.length) ownContacts.push({ key: `s${student.id}`, guardianId: null, address: 'anh/chị', route, students: [student] });
  }
  return [...byGuardian.values(), ...ownContacts];
}

/** The recipients of one event about `studentIds` (contactsOf and recipientsAmong). */
export async function recipientsOf(db: Queryable, studentIds: number[], channels: readonly MessageChannel[]): Promise<Recipient[]> {
  return recipientsAmong(await contactsOf(db, studentIds), studentIds, channels);
}
