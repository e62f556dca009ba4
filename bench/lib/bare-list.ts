/**
 * The reference for the API's GET /user/list: a bare Fastify + pg handler doing what the API does for the
 * students page and nothing else, so that the benchmark can say what the API's own layers (schemas, hooks,
 * the access policy, the query builder) cost. The same token check (the API's TokenService), the same
 * session query (the API's own SQL text, prepared), the same caching: roles under the role revision, the
 * total and the page under the accounts' revision that query reads (a page missing from the cache is read
 * with OFFSET here, from a remembered boundary in the API). It knows the administrator's students page
 * only: no other filter, no access policy, no schema.
 *
 *   DATABASE_URL=… JWT_SECRET=… BARE_PORT=… node --import tsx bench/lib/bare-list.ts
 */
import Fastify from 'fastify';
import { ACCOUNT_STATUS } from '@trungtam/shared/contracts';
import pg from 'pg';
import { SESSION_ACCOUNT_SQL } from '../../api/src/services/sessions';
import { TokenService } from '../../api/src/lib/tokens';

const tokens = new TokenService(process.env.JWT_SECRET!);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const LOCKED = ACCOUNT_STATUS.LOCKED;

interface Role {
  id: number;
  name: string;
  guard_name: string;
  permissions: Array<{ id: number; resource: string; action: string }>;
}
type Row = Record<string, unknown>;

/** A value kept while the revision it was read under is current. */
class Cache<V> {
  private readonly entries = new Map<string, { revision: number; value: Promise<V> }>();
  get(name: string, revision: number, load: () => Promise<V>): Promise<V> {
    const entry = this.entries.get(name);
    if (entry && entry.revision >= revision) return entry.value;
    const value = load();
    this.entries.set(name, { revision, value });
    return value;
  }
}
const roles = new Cache<Role>();
const lists = new Cache<unknown>();

const loadRole = async (id: number): Promise<Role> => {
  const [{ rows: [role] }, { rows: permissions }] = await Promise.all([
    pool.query('select id, name, guard_name from role where id = $1', [id]),
    pool.query('select p.id, p.resource, p.action from role_permission rp join permission p on p.id = rp.permission_id where rp.role_id = $1 order by p.id', [id]),
  ]);
  return { ...role, permissions } as Role;
};

const toDto = (row: Row, role: Role) => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone_number: row.phone_number,
  status: row.status,
  type: row.type,
  center_id: row.center_id,
  roles: [role],
  last_time_login: row.last_time_login ? (row.last_time_login as Date).toISOString() : null,
  created_at: (row.created_at as Date).toISOString(),
  updated_at: (row.updated_at as Date).toISOString(),
  banking_name: row.banking_name,
  banking_number: row.banking_number,
  about: row.about,
  certificate: row.certificate,
  information: row.information,
  reference_name: row.reference_name,
  reference_phone: row.reference_phone,
  reference_email: row.reference_email,
  birth_year: row.birth_year,
  birth_month: row.birth_month,
  birth_day: row.birth_day,
  source: row.source,
  address: row.address,
});

const app = Fastify({ logger: false });
app.get('/health', async () => ({ ok: true }));
app.get('/api/v1/user/list', async (request, reply) => {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
  const claims = tokens.verify(token);
  if (!claims) return reply.code(401).send({ message: 'Unauthenticated' });
  const {
    rows: [account],
  } = await pool.query({ text: SESSION_ACCOUNT_SQL, values: [claims.sessionId, claims.userId], name: 'session_account' });
  if (!account || account.status === LOCKED || (account.session_expires_at as Date).getTime() <= Date.now()) {
    return reply.code(401).send({ message: 'Unauthenticated' });
  }
  const roleRevision = Number(account.role_revision);
  const userRevision = Number(account.user_revision);
  await roles.get(String(account.role_id), roleRevision, () => loadRole(account.role_id as number));

  const query = request.query as { page?: string; limit?: string; search?: string };
  const limit = Number(query.limit ?? 10);
  const offset = (Number(query.page ?? 1) - 1) * limit;
  const params: unknown[] = ['student'];
  let where = `"deleted_at" is null and "type" = $1`;
  if (query.search) {
    params.push(`%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where += ` and ("name" ilike $2 or "email" ilike $2 or "phone_number" ilike $2)`;
  }
  const filter = JSON.stringify(params);
  const total = (await lists.get(`total ${filter}`, userRevision, async () => {
    const { rows } = await pool.query(`select count(*) as total from "user" where ${where}`, params);
    return Number(rows[0].total);
  })) as number;
  const page = (offset >= total
    ? []
    : await lists.get(`page ${offset} ${limit} ${filter}`, userRevision, async () => {
        const { rows } = await pool.query(`select * from "user" where ${where} order by "id" desc limit ${limit} offset ${offset}`, params);
        return rows;
      })) as Row[];
  const rowRoles = new Map<number, Role>();
  for (const id of new Set(page.map((row) => row.role_id as number))) rowRoles.set(id, await roles.get(String(id), roleRevision, () => loadRole(id)));
  return { data: { rows: page.map((row) => toDto(row, rowRoles.get(row.role_id as number)!)), total_rows: total, total_pages: Math.ceil(total / limit) } };
});

await app.listen({ port: Number(process.env.BARE_PORT), host: '127.0.0.1' });
const stop = () => void app.close().then(() => pool.end()).then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
