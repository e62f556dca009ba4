/**
 * The reference for the API's GET /user/list: a bare Fastify + pg handler doing what the API must do and
 * nothing else, with the same SQL, the same token check and the same caching, so that the benchmark can
 * say how much the API's own layers (schemas, hooks, the access policy, Drizzle) cost. It answers the
 * students page's request for the administrator only: no general filters, no policy.
 *
 *   DATABASE_URL=… JWT_SECRET=… BARE_PORT=… node --import tsx bench/lib/bare-list.ts
 */
import { createSecretKey } from 'node:crypto';
import Fastify from 'fastify';
import jwt from 'jsonwebtoken';
import pg from 'pg';

const key = createSecretKey(Buffer.from(process.env.JWT_SECRET!, 'utf8'));
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

interface Role {
  id: number;
  name: string;
  guard_name: string;
  permissions: Array<{ id: number; resource: string; action: string }>;
}
const roles = new Map<string, Role>();
const counts = new Map<string, number>();

async function roleOf(id: number, revision: string): Promise<Role> {
  const cacheKey = `${id}:${revision}`;
  const cached = roles.get(cacheKey);
  if (cached) return cached;
  const [{ rows: [role] }, { rows: permissions }] = await Promise.all([
    pool.query('select id, name, guard_name from role where id = $1', [id]),
    pool.query(
      'select p.id, p.resource, p.action from role_permission rp join permission p on p.id = rp.permission_id where rp.role_id = $1 order by p.id',
      [id],
    ),
  ]);
  const value = { ...role, permissions } as Role;
  roles.set(cacheKey, value);
  return value;
}

const app = Fastify({ logger: false });
app.get('/health', async () => ({ ok: true }));
app.get('/api/v1/user/list', async (request, reply) => {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  let claims: jwt.JwtPayload;
  try {
    claims = jwt.verify(token ?? '', key, { algorithms: ['HS256'], issuer: 'trungtam-api', audience: 'trungtam-back-office' }) as jwt.JwtPayload;
  } catch {
    return reply.code(401).send({ message: 'Unauthenticated' });
  }
  const {
    rows: [account],
  } = await pool.query(
    `select u.id, u.role_id, u.status, s.last_seen_at, s.expires_at, r.revision as role_revision
       from session s join "user" u on u.id = s.user_id join role r on r.id = u.role_id
      where s.id = $1 and s.user_id = $2 and s.ended_at is null and u.deleted_at is null`,
    [claims.sid, Number(claims.sub)],
  );
  if (!account || account.status === 0 || account.expires_at.getTime() <= Date.now()) return reply.code(401).send({ message: 'Unauthenticated' });
  await roleOf(account.role_id, String(account.role_revision));

  const query = request.query as { page?: string; limit?: string; search?: string };
  const limit = Number(query.limit ?? 10);
  const page = Number(query.page ?? 1);
  const where = [`deleted_at is null`, `type = 'student'`];
  const params: unknown[] = [];
  if (query.search) {
    params.push(`%${query.search}%`);
    where.push(`(name ilike $1 or email ilike $1 or phone_number ilike $1)`);
  }
  const countKey = JSON.stringify(params);
  let total = counts.get(countKey);
  if (total === undefined) {
    const { rows } = await pool.query(`select count(*)::int as n from "user" where ${where.join(' and ')}`, params);
    total = rows[0].n as number;
    counts.set(countKey, total);
  }
  const { rows } = await pool.query(
    `select * from "user" where ${where.join(' and ')} order by id desc limit ${limit} offset ${(page - 1) * limit}`,
    params,
  );
  const roleIds = [...new Set(rows.map((row) => row.role_id as number))];
  const rowRoles = new Map(await Promise.all(roleIds.map(async (id) => [id, await roleOf(id, String(account.role_revision))] as const)));
  return {
    data: {
      rows: rows.map((row) => ({
        id: row.id,
        name: row.name,
        email: row.email,
        phone_number: row.phone_number,
        status: row.status,
        type: row.type,
        center_id: row.center_id,
        roles: [rowRoles.get(row.role_id)],
        last_time_login: row.last_time_login,
        created_at: row.created_at,
        updated_at: row.updated_at,
        reference_name: row.reference_name,
        reference_phone: row.reference_phone,
        birth_year: row.birth_year,
        birth_month: row.birth_month,
        birth_day: row.birth_day,
        source: row.source,
        address: row.address,
      })),
      total_rows: total,
      total_pages: Math.ceil(total / limit),
    },
  };
});

await app.listen({ port: Number(process.env.BARE_PORT), host: '127.0.0.1' });
const stop = () => void app.close().then(() => pool.end()).then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
