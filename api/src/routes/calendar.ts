/**
 * Calendar feeds (services/calendar-feeds): a signed-in user's own feed URL, or a teacher's, student's,
 * room's or class's in their reach, its rotation, and the feed itself at its private URL, which calendar
 * applications fetch without signing in (the token in the URL is the proof).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Data, errorResponses, Id, Text, msgs } from '@trungtam/shared/schemas/builders';
import { calendarFeed, calendarFeedUrl, FEED_KINDS, rotateCalendarFeed } from '../services/calendar-feeds';
import { actorOf, auditCtx } from '../factory';
import { notFound } from '../lib/errors';

const tags = ['calendar'];
const FeedKind = Type.Enum([...FEED_KINDS], msgs({ default: 'kind: user, room hoặc class' }));
/** Which feed: one's own (nothing), or a kind and an id. */
const FeedTarget = Type.Object({ kind: Type.Optional(FeedKind), id: Type.Optional(Id('id không hợp lệ')) });
const FeedUrl = Data(Type.Object({ kind: Type.String(), id: Type.Integer(), name: Type.String(), url: Type.String() }));

const routes: FastifyPluginAsyncTypebox = async (app) => {
  /** The API's own address as the caller reached it (behind the proxy, the public one). */
  const baseOf = (request: { protocol: string; host: string }) => `${request.protocol}://${request.host}`;

  app.get(
    '/calendar/feed',
    {
      schema: { tags, description: 'The private iCalendar URL of one’s own sessions, or of a teacher, student, room or class in reach.', querystring: FeedTarget, response: { 200: FeedUrl, ...errorResponses } },
    },
    async (request) => ({ data: await calendarFeedUrl(app.ctx, actorOf(request), request.query, baseOf(request)) }),
  );

  app.post(
    '/calendar/feed/rotate',
    {
      schema: { tags, description: 'A new private URL for the feed; the old one stops at once.', body: FeedTarget, response: { 200: FeedUrl, ...errorResponses } },
    },
    async (request) => ({ data: await rotateCalendarFeed(app.ctx, actorOf(request), request.body, baseOf(request), auditCtx(request)) }),
  );

  app.get(
    '/calendar/:kind/:id/feed.ics',
    {
      schema: {
        tags,
        security: [],
        description: 'The feed (text/calendar) at its private URL: sessions from 30 days back to 180 ahead, cancelled ones marked so. A wrong or rotated token is a 404.',
        params: Type.Object({ kind: FeedKind, id: Id('id không hợp lệ') }),
        querystring: Type.Object({ token: Text(32, { pattern: '^[A-Za-z0-9_-]{32}$', messages: { default: 'Không tìm thấy lịch' } }) }),
      },
      config: { auth: 'none' },
    },
    async (request, reply) => {
      const feed = await calendarFeed(app.ctx, request.params.kind, request.params.id, request.query.token);
      if (!feed) throw notFound('Không tìm thấy lịch');
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .header('content-disposition', 'inline; filename="lich-hoc.ics"')
        .send(feed.ics);
    },
  );
};

export default routes;
