/**
 * Independent delivery of one area: `npm run release -- users` builds and registers a new mf-users
 * without rebuilding anything else; 30 % of teachers get it (each teacher's shell loads the entry the
 * rollout gives them), the others keep the stable build; a rollback puts everyone back on the stable
 * build at their next page load; an incompatible build is refused with the reason.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createHash } from 'node:crypto';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { apiCall, DEMO, PASSWORD, signIn, startSuite, tokenFor, type Suite } from '../support/suite';
import { ROOT } from '../../scripts/suite.mjs';

/** The sticky bucket (0..99) the registry gives a user for an area. */
const bucket = (userId: number, area: string) => createHash('sha256').update(`${area}:${userId}`).digest().readUInt32BE(0) % 100;

describe('releasing an area to a share of its users', () => {
  let suite: Suite;
  let adminToken: string;
  // a version of its own for each run: a released version is immutable
  const version = `0.9.0-e2e.${Date.now()}`;
  const incompatibleVersion = `${version}.react18`;
  const releasesDir = path.join(ROOT, 'mf-users', 'releases');
  const usersOrigin = () => `http://localhost:${suite.settings.remotes.find((r) => r.name === 'users')!.port}`;

  before(async () => {
    suite = await startSuite();
    adminToken = await tokenFor(suite, DEMO.admin);
  });
  after(async () => {
    await suite?.stop();
    for (const v of [version, incompatibleVersion]) rmSync(path.join(releasesDir, v), { recursive: true, force: true });
  });

  /** A new teacher account; its id. */
  async function newTeacher(n: number): Promise<{ id: number; email: string }> {
    const email = `gv.phathanh.${Date.now()}.${n}@trungtam.vn`;
    const { status, body } = await apiCall(suite, 'POST', '/auth/register', {
      token: adminToken,
      body: { email, name: `Giáo viên phát hành ${n}`, password: PASSWORD, type: 'teacher', phone_number: '0901234567', status: 1, roles: [{ id: 3 }], center_id: 1 },
    });
    assert.ok(status < 300, JSON.stringify(body));
    return { id: body.data.data.id, email };
  }

  /** Signs in, opens a page of the users area and answers the users builds' manifests the page loaded. */
  async function usersEntriesLoadedBy(page: Page, email: string): Promise<string[]> {
    const loaded: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(usersOrigin()) && request.url().endsWith('/mf-manifest.json')) loaded.push(request.url());
    });
    await signIn(suite, page, email);
    await page.goto(`${suite.appUrl}/settings/accounts`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    return loaded;
  }

  test('releases mf-users alone, to 30 % of teachers, and rolls it back in one action', async () => {
    // asynchronously: the remotes' static servers run in this process and must answer the API meanwhile
    const released = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/release.mjs', 'users', '--version', version], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, USERS_PORT: String(new URL(usersOrigin()).port), RELEASE_API_URL: suite.apiUrl, PUBLIC_API_URL: suite.apiUrl },
    });
    const candidateEntry = `${usersOrigin()}/${version}/mf-manifest.json`;
    assert.match(released.stdout, new RegExp(`Released users ${version.replace(/\./g, '\\.')}`));
    const stableEntry = `${usersOrigin()}/mf-manifest.json`;

    // Released is not rolled out: nobody gets it yet.
    const rollout = await apiCall(suite, 'PUT', '/system/remote/rollout', {
      token: adminToken,
      body: { area: 'users', candidate_version: version, rollout: { percent: 30, types: ['teacher'] } },
    });
    assert.equal(rollout.status, 200, JSON.stringify(rollout.body));

    // Teachers inside and outside the 30 % (the bucket is sticky: a hash of the user and the area).
    const teachers: Array<{ id: number; email: string }> = [];
    for (let n = 0; n < 40 && !(teachers.some((t) => bucket(t.id, 'users') < 30) && teachers.some((t) => bucket(t.id, 'users') >= 30)); n += 1) {
      teachers.push(await newTeacher(n));
    }
    const inside = teachers.find((t) => bucket(t.id, 'users') < 30)!;
    const outside = teachers.find((t) => bucket(t.id, 'users') >= 30)!;
    assert.ok(inside && outside, 'a teacher on each side of the 30 %');

    const insider = await suite.newPage();
    assert.deepEqual(await usersEntriesLoadedBy(insider.page, inside.email), [candidateEntry]);
    const outsider = await suite.newPage();
    assert.deepEqual(await usersEntriesLoadedBy(outsider.page, outside.email), [stableEntry]);
    // the administrator is not a teacher: stable
    const administrator = await suite.newPage();
    assert.deepEqual(await usersEntriesLoadedBy(administrator.page, DEMO.admin), [stableEntry]);

    // One action back; the next page load of the teacher who had the candidate gets the stable build.
    // (Its entry may ask for the candidate's manifest ahead, from the user's last manifest, but takes,
    // and downloads the scripts of, the build the API's manifest names.)
    const back = await apiCall(suite, 'POST', '/system/remote/rollback', { token: adminToken, body: { area: 'users' } });
    assert.equal(back.status, 200);
    assert.equal(back.body.data.candidate, null);
    const again: string[] = [];
    const candidateScripts: string[] = [];
    insider.page.on('request', (request) => {
      if (request.url().startsWith(usersOrigin()) && request.url().endsWith('/mf-manifest.json')) again.push(request.url());
      if (request.url().startsWith(`${usersOrigin()}/${version}/`) && request.url().endsWith('.js')) candidateScripts.push(request.url());
    });
    await insider.page.reload();
    await insider.page.getByRole('heading', { level: 1 }).first().waitFor();
    await insider.page.waitForLoadState('networkidle');
    assert.equal(again.at(-1), stableEntry);
    assert.deepEqual(candidateScripts, []);
    for (const { context } of [insider, outsider, administrator]) await context.close();
  });

  test('refuses a build whose shared libraries the current shell cannot provide, naming them', async () => {
    // the released build, with its React requirement changed to another major version
    const source = path.join(releasesDir, version);
    const target = path.join(releasesDir, incompatibleVersion);
    cpSync(source, target, { recursive: true });
    const manifestFile = path.join(target, 'mf-manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    const react = manifest.shared.find((library: { name: string }) => library.name === 'react');
    react.requiredVersion = '^18.3.0';
    writeFileSync(manifestFile, JSON.stringify(manifest));
    const shellReact = JSON.parse(readFileSync(path.join(ROOT, 'shell', 'dist', 'mf-manifest.json'), 'utf8')).shared.find((library: { name: string }) => library.name === 'react').version;

    const refused = await apiCall(suite, 'POST', '/system/remote/release', {
      token: adminToken,
      body: { area: 'users', version: incompatibleVersion, entry: `${usersOrigin()}/${incompatibleVersion}/mf-manifest.json` },
    });
    assert.equal(refused.status, 422);
    assert.equal(refused.body.error.message, `Bản dựng không chạy được với shell hiện tại: react cần phiên bản ^18.3.0, shell đang cung cấp ${shellReact}`);
    const list = await apiCall(suite, 'GET', '/system/remote/list', { token: adminToken });
    const users = list.body.data.find((area: { name: string }) => area.name === 'users');
    assert.ok(!users.builds.some((build: { version: string }) => build.version === incompatibleVersion));
  });
});
