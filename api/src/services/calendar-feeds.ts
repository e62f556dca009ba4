/**
 * Calendar feeds (iCalendar, RFC 5545, written by the `ics` library): each teacher, student, room and class
 * has a private URL that Google Calendar, Apple Calendar and Outlook subscribe to.
 *
 * - The URL: /api/v1/calendar/<kind>/<id>/feed.ics?token=<token>, the token an HMAC of the kind, the id and the feed's
 *   version under the API's secret: nothing secret is stored, and a rotation (version + 1) stops the old URL
 *   at once. A wrong token is answered as a missing feed (404).
 * - Who gets a URL: everyone their own (kind user, themselves); staff the feed of a teacher, a student, a room
 *   or a class in their reach (the same rules as reading it).
 * - What it holds: the sessions from 30 days back to 180 ahead: a teacher's they teach, a student's of their
 *   classes (from their enrolment's start) and their make-ups, a room's and a class's. Each event names the
 *   class, the room and the time, never who else is in it. Times in UTC. Each session keeps its UID; a moved
 *   one raises its SEQUENCE (seconds since it was made, at its last change), a cancelled one stays for the
 *   weeks around it with STATUS:CANCELLED, so subscribed calendars update.
 */
import { createHmac, type KeyObject } from 'node:crypto';
import { createEvents, type EventAttributes } from 'ics';
import { and, eq, gte, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { dayjs, operatorTimeZone, operatorToday } from '@trungtam/shared/operatorDate';
import { can } from '@trungtam/shared/permissions';
import type { Queryable } from '../db/client';
import { calendarFeeds, cancelledSessions, classes, classSchedules, enrollments, makeupStudents, rooms } from '../db/schema';
import { policy, type Actor } from '../access/access';
import { classReference, roomReference } from '../access/references';
import { writeAudit, type AuditContext } from '../factory/audit';
import { forbidden, notFound } from '../lib/errors';
import type { AppContext } from '../types';
import { findActiveUser } from './accounts';

export const FEED_KINDS = ['user', 'room', 'class'] as const;
export type FeedKind = (typeof FEED_KINDS)[number];

const DAYS_BACK = 30;
const DAYS_AHEAD = 180;

/** The token of a feed's version (32 URL-safe characters). */
function feedToken(key: KeyObject, kind: FeedKind, ownerId: number, version: number): string {
  return createHmac('sha256', key).update(`calendar-feed:${kind}:${ownerId}:${version}`).digest('base64url').slice(0, 32);
}

async function versionOf(db: Queryable, kind: FeedKind, ownerId: number): Promise<number> {
  const [row] = await db.select({ version: calendarFeeds.version }).from(calendarFeeds).where(and(eq(calendarFeeds.kind, kind), eq(calendarFeeds.ownerId, ownerId)));
  return row?.version ?? 0;
}

/** The feed `actor` asks for (their own without a kind), its owner's name; 403 / neutral 400 beyond their reach. */
async function feedInReach(db: Queryable, actor: Actor, kind: FeedKind | undefined, id: number | undefined): Promise<{ kind: FeedKind; id: number; name: string }> {
  if (!kind || (kind === 'user' && (!id || id === actor.id))) return { kind: 'user', id: actor.id, name: actor.name };
  // another's feed is for staff who may read what it shows
  const needs = { room: ['LearningRoom', 'GetAll'], class: ['LearningClass', 'GetOne'], user: ['User', 'GetOne'] } as const;
  if (!can(actor, needs[kind][0], needs[kind][1])) throw forbidden();
  if (kind === 'room') {
    const room = await roomReference(db, actor, 'id', id ?? 0);
    return { kind, id: room.roomId, name: room.name };
  }
  if (kind === 'class') {
    const cls = await classReference(db, actor, 'id', id ?? 0);
    return { kind, id: cls.classId, name: cls.className };
  }
  const account = await findActiveUser(db, id ?? 0);
  if (!account || (account.type !== 'teacher' && account.type !== 'student')) throw notFound();
  policy(actor).assert('User', 'read', account);
  return { kind, id: account.id, name: account.name };
}

/** The feed's URL, made of the API's own address as the caller reached it. */
function feedUrl(ctx: AppContext, base: string, kind: FeedKind, id: number, version: number): string {
  return `${base}/api/v1/calendar/${kind}/${id}/feed.ics?token=${feedToken(ctx.tokens.hmacKey, kind, id, version)}`;
}

/** GET /calendar/feed?kind=&id=: the private URL of a feed in reach (one's own without a kind). */
export async function calendarFeedUrl(ctx: AppContext, actor: Actor, query: { kind?: FeedKind; id?: number }, base: string) {
  const { db } = ctx.database;
  const feed = await feedInReach(db, actor, query.kind, query.id);
  return { kind: feed.kind, id: feed.id, name: feed.name, url: feedUrl(ctx, base, feed.kind, feed.id, await versionOf(db, feed.kind, feed.id)) };
}

/** POST /calendar/feed/rotate: a new URL for the feed; the old one stops at once. Audited. */
export async function rotateCalendarFeed(ctx: AppContext, actor: Actor, body: { kind?: FeedKind; id?: number }, base: string, audit: AuditContext) {
  const { db } = ctx.database;
  const feed = await feedInReach(db, actor, body.kind, body.id);
  const version = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(calendarFeeds)
      .values({ kind: feed.kind, ownerId: feed.id, version: 1 })
      .onConflictDoUpdate({ target: [calendarFeeds.kind, calendarFeeds.ownerId], set: { version: sql`${calendarFeeds.version} + 1`, updatedAt: new Date() } })
      .returning({ version: calendarFeeds.version });
    await writeAudit(tx, audit, { action: 'update', resource: 'CalendarFeed', resourceId: `${feed.kind}:${feed.id}`, after: { rotated: true, version: row.version } });
    return row.version;
  });
  return { kind: feed.kind, id: feed.id, name: feed.name, url: feedUrl(ctx, base, feed.kind, feed.id, version) };
}

interface FeedSession {
  scheduleId: number;
  classId: number;
  scheduleDate: string;
  scheduleHour: number;
  scheduleMinute: number;
  duration: number;
  roomId: number | null;
  makeupOf?: number | null;
  createdAt: Date;
  changedAt: Date;
  cancelled: boolean;
}

/** The sessions of a feed between two operator dates, cancelled ones included. */
async function sessionsOf(db: Queryable, kind: FeedKind, ownerId: number, from: string, to: string, ownerType: string | null): Promise<FeedSession[]> {
  const inWindow = and(gte(classSchedules.scheduleDate, from), lte(classSchedules.scheduleDate, to));
  const cancelledInWindow = and(gte(cancelledSessions.scheduleDate, from), lte(cancelledSessions.scheduleDate, to));
  let live: SQL | undefined;
  let gone: SQL | undefined;
  if (kind === 'room') {
    live = eq(classSchedules.roomId, ownerId);
    gone = eq(cancelledSessions.roomId, ownerId);
  } else if (kind === 'class') {
    live = eq(classSchedules.classId, ownerId);
    gone = eq(cancelledSessions.classId, ownerId);
  } else if (ownerType === 'teacher') {
    live = eq(classSchedules.teacherId, ownerId);
    gone = eq(cancelledSessions.teacherId, ownerId);
  } else {
    // a student: their classes' regular sessions from their enrolment's start, and their make-ups
    const enrolled = await db
      .select({ classId: enrollments.classId, startDate: enrollments.startDate })
      .from(enrollments)
      .where(and(eq(enrollments.userId, ownerId), ne(enrollments.status, 3)));
    const regular = enrolled.map((row) => and(eq(classSchedules.classId, row.classId), gte(classSchedules.scheduleDate, row.startDate), sql`${classSchedules.makeupOf} is null`));
    const makeups = sql`${classSchedules.scheduleId} in (select ${makeupStudents.scheduleId} from ${makeupStudents} where ${makeupStudents.userId} = ${ownerId})`;
    live = or(...regular, makeups);
    const regularGone = enrolled.map((row) => and(eq(cancelledSessions.classId, row.classId), gte(cancelledSessions.scheduleDate, row.startDate), sql`cardinality(${cancelledSessions.studentIds}) = 0`));
    gone = or(...regularGone, sql`${cancelledSessions.studentIds} @> array[${ownerId}]::integer[]`);
  }
  // a teacher replaced by a substitute: those sessions stay in their feed as cancelled, so that a
  // subscribed calendar drops them (the substitute's feed has them, with the same UID)
  const handedOver = kind === 'user' && ownerType === 'teacher' ? eq(classSchedules.originalTeacherId, ownerId) : undefined;
  const rows = await db
    .select({
      scheduleId: classSchedules.scheduleId,
      classId: classSchedules.classId,
      scheduleDate: classSchedules.scheduleDate,
      scheduleHour: classSchedules.scheduleHour,
      scheduleMinute: classSchedules.scheduleMinute,
      duration: classSchedules.duration,
      roomId: classSchedules.roomId,
      makeupOf: classSchedules.makeupOf,
      createdAt: classSchedules.createdAt,
      changedAt: classSchedules.updatedAt,
      originalTeacherId: classSchedules.originalTeacherId,
    })
    .from(classSchedules)
    .where(and(inWindow, or(live, handedOver)));
  const cancelled = await db
    .select({
      scheduleId: cancelledSessions.scheduleId,
      classId: cancelledSessions.classId,
      scheduleDate: cancelledSessions.scheduleDate,
      scheduleHour: cancelledSessions.scheduleHour,
      scheduleMinute: cancelledSessions.scheduleMinute,
      duration: cancelledSessions.duration,
      roomId: cancelledSessions.roomId,
      createdAt: cancelledSessions.createdAt,
      changedAt: cancelledSessions.cancelledAt,
    })
    .from(cancelledSessions)
    .where(and(cancelledInWindow, gone));
  return [
    ...rows.map(({ originalTeacherId, ...row }) => ({ ...row, cancelled: handedOver !== undefined && originalTeacherId === ownerId })),
    ...cancelled.map((row) => ({ ...row, cancelled: true })),
  ];
}

/**
 * GET /calendar/:kind/:id/feed.ics?token=: the feed's calendar, or null when the token is not the feed's
 * current one (a rotated or a made-up URL) or the owner is gone.
 */
export async function calendarFeed(ctx: AppContext, kind: FeedKind, ownerId: number, token: string): Promise<{ name: string; ics: string } | null> {
  const { db } = ctx.database;
  if (token !== feedToken(ctx.tokens.hmacKey, kind, ownerId, await versionOf(db, kind, ownerId))) return null;
  let name: string;
  let ownerType: string | null = null;
  if (kind === 'user') {
    const account = await findActiveUser(db, ownerId);
    if (!account) return null;
    name = account.name;
    ownerType = account.type;
  } else if (kind === 'room') {
    const [room] = await db.select({ name: rooms.name }).from(rooms).where(eq(rooms.roomId, ownerId));
    if (!room) return null;
    name = `Phòng ${room.name}`;
  } else {
    const [cls] = await db.select({ name: classes.className }).from(classes).where(eq(classes.classId, ownerId));
    if (!cls) return null;
    name = `Lớp ${cls.name}`;
  }
  const today = operatorToday();
  const from = dayjs(today).subtract(DAYS_BACK, 'day').format('YYYY-MM-DD');
  const to = dayjs(today).add(DAYS_AHEAD, 'day').format('YYYY-MM-DD');
  const sessions = await sessionsOf(db, kind, ownerId, from, to, ownerType);
  const classIds = [...new Set(sessions.map((session) => session.classId))];
  const roomIds = [...new Set(sessions.flatMap((session) => (session.roomId ? [session.roomId] : [])))];
  const classNames = new Map(classIds.length ? (await db.select({ id: classes.classId, name: classes.className }).from(classes).where(inArray(classes.classId, classIds))).map((row) => [row.id, row.name]) : []);
  const roomNames = new Map(roomIds.length ? (await db.select({ id: rooms.roomId, name: rooms.name }).from(rooms).where(inArray(rooms.roomId, roomIds))).map((row) => [row.id, row.name]) : []);
  const zone = operatorTimeZone();
  const events: EventAttributes[] = sessions
    .sort((a, b) => a.scheduleDate.localeCompare(b.scheduleDate) || a.scheduleHour - b.scheduleHour || a.scheduleId - b.scheduleId)
    .map((session) => {
      const start = dayjs.tz(`${session.scheduleDate} ${String(session.scheduleHour).padStart(2, '0')}:${String(session.scheduleMinute).padStart(2, '0')}`, zone).valueOf();
      const className = classNames.get(session.classId) ?? '';
      const room = session.roomId ? roomNames.get(session.roomId) : undefined;
      return {
        uid: `session-${session.scheduleId}@trungtam.vn`,
        sequence: Math.max(0, Math.floor((session.changedAt.getTime() - session.createdAt.getTime()) / 1000)),
        start,
        startInputType: 'utc',
        startOutputType: 'utc',
        duration: { minutes: session.duration },
        title: `${session.makeupOf ? 'Học bù: ' : ''}Lớp ${className}`,
        ...(room ? { location: `Phòng ${room}` } : {}),
        status: session.cancelled ? 'CANCELLED' : 'CONFIRMED',
        productId: 'trungtam/lich-hoc',
        calName: name,
      } satisfies EventAttributes;
    });
  const { error, value } = createEvents(events, { productId: 'trungtam/lich-hoc', calName: name });
  if (error || !value) throw error ?? new Error('calendar feed: no value');
  return { name, ics: value };
}

/** A session about to be deleted, kept for the feeds as cancelled (in the cancel's transaction). */
export async function keepCancelledSession(
  tx: Queryable,
  session: typeof classSchedules.$inferSelect,
  makeupStudentIds: number[],
): Promise<void> {
  await tx
    .insert(cancelledSessions)
    .values({
      scheduleId: session.scheduleId,
      classId: session.classId,
      scheduleDate: session.scheduleDate,
      scheduleHour: session.scheduleHour,
      scheduleMinute: session.scheduleMinute,
      duration: session.duration,
      teacherId: session.teacherId,
      roomId: session.roomId,
      studentIds: makeupStudentIds,
      createdAt: session.createdAt,
    })
    .onConflictDoNothing();
}
