/**
 * The registry of remote areas as administrators manage it: releasing a build (the compatibility gate,
 * immutable versions), the candidate and who gets it (the filters combined), promote, roll back in one
 * action, switching an area off, the preview of a user's manifest, and the audit trail.
 */
import { REMOTE_TEXT } from '@trungtam/shared/contracts/remotes';
import type { RemoteArea } from '@trungtam/shared/schemas/remotes';
import type { ManifestArea } from '@trungtam/shared/contracts';
import { loadRegistry, syncRegistry, bucket, getsCandidate } from '../src/services/remotes';
import type { Actor } from '../src/access/access';
import { call, setUpTestApp, userIdByEmail, DEMO_ACCOUNTS } from './helpers';
import { compatibleManifest, serveBuilds, writeShellManifest } from './support/manifests';

const shellManifest = writeShellManifest();
const ctx = setUpTestApp({ shellManifest });
let builds: Awaited<ReturnType<typeof serveBuilds>>;

beforeAll(async () => {
  builds = await serveBuilds({
    // built against a newer shared package and an older React than the shell's
    '/users/0.3.0/mf-manifest.json': compatibleManifest('users', { react: '18.2.0', '@trungtam/shared/ui': '1.4.0' }),
    // the same version as a released one, with other files
    '/users/changed/0.2.0/mf-manifest.json': compatibleManifest('users', { 'react-router': '7.19.0' }),
    // another area's build
    '/settings/9.0.0/mf-manifest.json': compatibleManifest('settings'),
  });
  // the builds' server is on loopback, which the release call refuses unless the operator lists it
  ctx.t.config.releaseAllowedOrigins.push(builds.origin);
});
afterAll(() => builds.close());

const admin = () => ctx.tok.admin;
const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token = admin()) => call(ctx.t.app, method, url, token, payload);
const release = (version: string, entry = builds.entry('users', version), area = 'users') => send('POST', '/system/remote/release', { area, version, entry });
async function usersArea(): Promise<RemoteArea> {
  const res = await send('GET', '/system/remote/list');
  expect(res.statusCode).toBe(200);
  return res.json().data.find((area: RemoteArea) => area.name === 'users');
}
/** The build of the users area a signed-in user's shell gets. */
async function usersBuildOf(token: string): Promise<ManifestArea | undefined> {
  const res = await call(ctx.t.app, 'GET', '/system/remote/manifest', token);
  return res.json().data.areas.find((area: ManifestArea) => area.name === 'users');
}
const rollout = (candidate_version: string, body: Record<string, unknown>) => send('PUT', '/system/remote/rollout', { area: 'users', candidate_version, rollout: body });

describe('the list', () => {
  it('shows every area with its local build as stable, recorded as a build', async () => {
    const res = await send('GET', '/system/remote/list');
    expect(res.statusCode).toBe(200);
    const areas: RemoteArea[] = res.json().data;
    expect(areas.map((a) => a.name)).toEqual(['competition', 'learning', 'settings', 'users']);
    for (const area of areas) {
      expect(area.stable.version).toMatch(/^\d+\.\d+\.\d+-local$/);
      expect(area.builds).toContainEqual(expect.objectContaining({ version: area.stable.version, entry: area.stable.entry, released_by: null }));
      expect(area.candidate).toBeNull();
      expect(area.enabled).toBe(true);
    }
    expect(areas.find((a) => a.name === 'settings')!.routes).toContain('/settings/areas');
  });

  it('is the administrators\' only (System ManageAreas)', async () => {
    const calls: Array<[method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown]> = [
      ['GET', '/system/remote/list'],
      ['POST', '/system/remote/release', { area: 'users', version: '0.0.9', entry: builds.entry('users', '0.0.9') }],
      ['PUT', '/system/remote/rollout', { area: 'users', candidate_version: '0.0.9', rollout: { percent: 100 } }],
      ['POST', '/system/remote/promote', { area: 'users' }],
      ['POST', '/system/remote/rollback', { area: 'users' }],
      ['PUT', '/system/remote/enable', { area: 'users', enabled: false }],
      ['GET', '/system/remote/preview?user_id=1'],
    ];
    for (const token of [ctx.tok.academicAffair, ctx.tok.teacher, ctx.tok.student]) {
      for (const [method, url, body] of calls) expect((await send(method, url, body, token)).statusCode).toBe(403);
    }
    expect((await usersArea()).builds.map((b) => b.version)).not.toContain('0.0.9');
  });
});

describe('releasing a build', () => {
  it('registers a compatible build once; the same build again changes nothing; other files under that version are refused', async () => {
    const first = await release('0.2.0');
    expect(first.statusCode).toBe(200);
    const build = first.json().data.builds.find((b: { version: string }) => b.version === '0.2.0');
    expect(build).toMatchObject({ entry: builds.entry('users', '0.2.0'), released_by: { id: expect.any(Number), name: expect.any(String) } });
    // a release does not change who gets what
    expect(first.json().data.candidate).toBeNull();

    const again = await release('0.2.0');
    expect(again.statusCode).toBe(200);
    expect(again.json().data.builds.filter((b: { version: string }) => b.version === '0.2.0')).toHaveLength(1);

    const changed = await release('0.2.0', `${builds.origin}/users/changed/0.2.0/mf-manifest.json`);
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error.message).toBe(REMOTE_TEXT.versionTaken('users', '0.2.0'));
  });

  it('refuses a build whose singletons the current shell cannot satisfy, naming the package and both versions (422)', async () => {
    const res = await release('0.3.0');
    expect(res.statusCode).toBe(422);
    const message: string = res.json().error.message;
    expect(message).toBe(
      REMOTE_TEXT.incompatible([
        { name: 'react', required: '^18.2.0', provided: '19.3.1' },
        { name: '@trungtam/shared/ui', required: '^1.4.0', provided: '1.0.0' },
      ]),
    );
    expect(message).toContain('react cần phiên bản ^18.2.0, shell đang cung cấp 19.3.1');
    expect((await usersArea()).builds.map((b) => b.version)).not.toContain('0.3.0');
  });

  it('refuses another area\'s build, an unreadable entry, an unknown area and malformed input', async () => {
    const wrong = await release('9.0.0', builds.entry('settings', '9.0.0'));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.message).toBe(REMOTE_TEXT.manifestWrongName('users', 'settings'));

    const missing = await release('0.4.0', `${builds.origin}/nothing/here.json`);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error.message).toBe(REMOTE_TEXT.manifestUnreadable);

    const unknown = await release('1.0.0', builds.entry('payments', '1.0.0'), 'payments');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(REMOTE_TEXT.unknownArea('payments'));

    for (const body of [
      { area: 'users', version: '1.0', entry: builds.entry('users', '1.0') },
      { area: 'users', version: 1, entry: builds.entry('users', '1') },
      { area: 'users', version: '1.0.0', entry: 'file:///etc/passwd' },
      { area: 'users', version: '1.0.0' },
    ]) {
      const res = await send('POST', '/system/remote/release', body);
      expect(res.statusCode).toBe(400);
    }
    const version = await send('POST', '/system/remote/release', { area: 'users', version: 'v2', entry: builds.entry('users', 'v2') });
    expect(version.json().error.fields).toEqual({ version: REMOTE_TEXT.versionInvalid });
  });

  it('fetches no loopback, private or link-local address that the operator did not list, and tells nothing of what is there', async () => {
    const unlisted = await serveBuilds();
    try {
      const answers = await Promise.all(
        [unlisted.entry('users', '0.5.0'), 'http://169.254.169.254/latest/meta-data/mf-manifest.json', 'http://10.0.0.8/users/0.5.0/mf-manifest.json', `${builds.origin}/nothing/here.json`].map(
          (entry) => release('0.5.0', entry),
        ),
      );
      for (const answer of answers) {
        expect(answer.statusCode).toBe(422);
        expect(answer.json().error.message).toBe(REMOTE_TEXT.manifestUnreadable);
      }
    } finally {
      await unlisted.close();
    }
    expect((await usersArea()).builds.map((b) => b.version)).not.toContain('0.5.0');
  });

  it('answers 503 when the current shell\'s manifest cannot be read (nothing registered)', async () => {
    const config = ctx.t.app.ctx.config as { shellManifest: string };
    config.shellManifest = `${shellManifest}.missing`;
    try {
      const res = await release('0.5.0');
      expect(res.statusCode).toBe(503);
      expect(res.json().error.message).toBe(REMOTE_TEXT.shellUnreadable);
    } finally {
      config.shellManifest = shellManifest;
    }
    expect((await usersArea()).builds.map((b) => b.version)).not.toContain('0.5.0');
  });
});

describe('who gets the candidate', () => {
  const actor = (id: number, type: Actor['type'], extra: Partial<Actor> = {}) => ({ id, type, roles: [{ id: 3 }], center_id: 1, ...extra }) as unknown as Actor;
  const idsIn = (inside: boolean) => Array.from({ length: 400 }, (_, i) => i + 1).filter((id) => (bucket(id, 'users') < 30) === inside);

  it('combines the filters: listed users always; anyone else must match every filter and fall inside the percentage', () => {
    const [inside, outside] = [idsIn(true)[0], idsIn(false)[0]];
    const thirtyPercentOfTeachers = { percent: 30, types: ['teacher'] };
    expect(getsCandidate(actor(inside, 'teacher'), 'users', thirtyPercentOfTeachers)).toBe(true);
    expect(getsCandidate(actor(outside, 'teacher'), 'users', thirtyPercentOfTeachers)).toBe(false);
    // inside the bucket but not a teacher (the filters used to be OR-ed: any teacher, or 30 % of everyone)
    expect(getsCandidate(actor(inside, 'student'), 'users', thirtyPercentOfTeachers)).toBe(false);
    // every given filter must match
    expect(getsCandidate(actor(inside, 'teacher'), 'users', { ...thirtyPercentOfTeachers, centerIds: [2] })).toBe(false);
    expect(getsCandidate(actor(inside, 'teacher', { center_id: 2 } as Partial<Actor>), 'users', { ...thirtyPercentOfTeachers, centerIds: [2] })).toBe(true);
    expect(getsCandidate(actor(inside, 'teacher'), 'users', { percent: 100, roleIds: [4] })).toBe(false);
    expect(getsCandidate(actor(outside, 'teacher'), 'users', { percent: 100, roleIds: [3] })).toBe(true);
    // listed users always, whatever the rest says
    expect(getsCandidate(actor(outside, 'student'), 'users', { percent: 0, types: ['teacher'], userIds: [outside] })).toBe(true);
    // nobody else at 0 %
    expect(getsCandidate(actor(inside, 'teacher'), 'users', { percent: 0 })).toBe(false);
    // about 30 % of teachers, and sticky: the same answer every time
    const teachers = Array.from({ length: 1000 }, (_, i) => actor(i + 1, 'teacher'));
    const share = teachers.filter((a) => getsCandidate(a, 'users', thirtyPercentOfTeachers)).length / teachers.length;
    expect(share).toBeGreaterThan(0.25);
    expect(share).toBeLessThan(0.35);
    expect(teachers.map((a) => getsCandidate(a, 'users', thirtyPercentOfTeachers))).toEqual(teachers.map((a) => getsCandidate(a, 'users', thirtyPercentOfTeachers)));
  });

  it('serves the candidate to the users the rollout selects, in their manifest and in the preview', async () => {
    const teacherId = await userIdByEmail(ctx.t.app, admin(), DEMO_ACCOUNTS.teacher);
    const studentId = await userIdByEmail(ctx.t.app, admin(), DEMO_ACCOUNTS.student);
    const area = await usersArea();
    const res = await rollout('0.2.0', { percent: 100, types: ['teacher'] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      candidate: { version: '0.2.0', entry: builds.entry('users', '0.2.0') },
      rollout: { percent: 100, types: ['teacher'], role_ids: [], center_ids: [], user_ids: [] },
    });
    expect(await usersBuildOf(ctx.tok.teacher)).toMatchObject({ version: '0.2.0', entry: builds.entry('users', '0.2.0') });
    expect(await usersBuildOf(ctx.tok.admin)).toMatchObject({ version: area.stable.version, entry: area.stable.entry });

    const preview = async (userId: number) => (await send('GET', `/system/remote/preview?user_id=${userId}`)).json().data.areas.find((a: ManifestArea) => a.name === 'users');
    expect(await preview(teacherId)).toMatchObject({ version: '0.2.0' });
    // not a teacher: the stable build
    expect(await preview(studentId)).toMatchObject({ version: area.stable.version, entry: area.stable.entry });

    // the teacher's centre is not the one listed: back to stable
    expect((await rollout('0.2.0', { percent: 100, types: ['teacher'], center_ids: [2] })).statusCode).toBe(200);
    expect(await usersBuildOf(ctx.tok.teacher)).toMatchObject({ version: area.stable.version });
    // listed by id
    expect((await rollout('0.2.0', { percent: 0, user_ids: [teacherId] })).statusCode).toBe(200);
    expect(await usersBuildOf(ctx.tok.teacher)).toMatchObject({ version: '0.2.0' });

    const nobody = await send('GET', '/system/remote/preview?user_id=999999');
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().error.message).toBe(REMOTE_TEXT.userNotFound);
  });

  it('refuses a build that is not registered, the stable build, and bad targeting, strictly', async () => {
    const unknown = await rollout('7.7.7', { percent: 10 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(REMOTE_TEXT.unknownBuild('users', '7.7.7'));
    const stable = (await usersArea()).stable.version;
    const isStable = await rollout(stable, { percent: 10 });
    expect(isStable.statusCode).toBe(409);
    expect(isStable.json().error.message).toBe(REMOTE_TEXT.candidateIsStable);

    for (const body of [{ percent: 101 }, { percent: -1 }, { percent: '30' }, { percent: 12.5 }, {}, { percent: 30, types: ['boss'] }, { percent: 30, role_ids: ['3'] }]) {
      expect((await rollout('0.2.0', body)).statusCode).toBe(400);
    }
    expect((await rollout('0.2.0', { percent: 101 })).json().error.fields).toEqual({ 'rollout.percent': REMOTE_TEXT.percent });
    const ghosts = await rollout('0.2.0', { percent: 30, role_ids: [999999], user_ids: [999998] });
    expect(ghosts.statusCode).toBe(400);
    expect(ghosts.json().error.fields).toEqual({
      'rollout.role_ids': REMOTE_TEXT.idsNotFound('Quyền', [999999]),
      'rollout.user_ids': REMOTE_TEXT.idsNotFound('Người dùng', [999998]),
    });
    // what was refused changed nothing
    expect((await usersArea()).candidate).toMatchObject({ version: '0.2.0' });
  });
});

describe('promote, roll back, switch off', () => {
  it('rolls back in one action: the candidate off, then (with none) the stable build before the last promotion', async () => {
    const local = (await usersArea()).stable;
    expect((await rollout('0.2.0', { percent: 100, types: ['teacher'] })).statusCode).toBe(200);

    const off = await send('POST', '/system/remote/rollback', { area: 'users' });
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toMatchObject({ candidate: null, rollout: null, stable: local });
    expect(await usersBuildOf(ctx.tok.teacher)).toMatchObject(local);

    expect((await send('POST', '/system/remote/promote', { area: 'users' })).json().error.message).toBe(REMOTE_TEXT.noCandidate);
    expect((await rollout('0.2.0', { percent: 30, types: ['teacher'] })).statusCode).toBe(200);
    const promoted = await send('POST', '/system/remote/promote', { area: 'users' });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().data).toMatchObject({ stable: { version: '0.2.0' }, previous_stable: local, candidate: null, rollout: null });
    for (const token of [ctx.tok.admin, ctx.tok.teacher, ctx.tok.academicAffair]) expect(await usersBuildOf(token)).toMatchObject({ version: '0.2.0' });

    // a restart re-reads the registry file: the promotion stays
    await syncRegistry(ctx.t.database.db, loadRegistry(ctx.t.config.registryFile, ctx.t.config.remoteEntries));
    expect((await usersArea()).stable.version).toBe('0.2.0');

    const back = await send('POST', '/system/remote/rollback', { area: 'users' });
    expect(back.json().data).toMatchObject({ stable: local, previous_stable: null, candidate: null });
    expect(await usersBuildOf(ctx.tok.teacher)).toMatchObject(local);
    const nothing = await send('POST', '/system/remote/rollback', { area: 'users' });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().error.message).toBe(REMOTE_TEXT.nothingToRollBack);
  });

  it('switches an area off for everyone and on again', async () => {
    const off = await send('PUT', '/system/remote/enable', { area: 'users', enabled: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.enabled).toBe(false);
    expect(await usersBuildOf(ctx.tok.admin)).toBeUndefined();
    expect((await send('PUT', '/system/remote/enable', { area: 'users', enabled: 'false' })).statusCode).toBe(400);
    expect((await send('PUT', '/system/remote/enable', { area: 'users', enabled: true })).statusCode).toBe(200);
    expect(await usersBuildOf(ctx.tok.admin)).toBeDefined();
  });

  it('writes every change to the audit log, with the area\'s state before and after', async () => {
    const res = await send('GET', '/system/audit-log/list?limit=100&resource=RemoteArea');
    expect(res.statusCode).toBe(200);
    const entries: Array<{ action: string; resource_id: string; before: Record<string, unknown> | null; after: Record<string, unknown> }> = res.json().data.rows;
    expect(new Set(entries.map((e) => e.action))).toEqual(new Set(['release', 'rollout', 'promote', 'rollback', 'enable', 'disable']));
    const promotion = entries.find((e) => e.action === 'promote')!;
    expect(promotion.resource_id).toBe('users');
    expect(promotion.before).toMatchObject({ candidate: '0.2.0', rollout: { percent: 30, types: ['teacher'] } });
    expect(promotion.after).toMatchObject({ stable: '0.2.0', candidate: null });
  });
});
