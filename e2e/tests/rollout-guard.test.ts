/**
 * A rollout that watches itself: the shell reports each area's health to the API; a candidate build of
 * the users area that throws on render, rolled out to every teacher, is switched off by the guard once
 * enough of its page views have been reported (the next page load gets the stable build, the audit log
 * and the administrators' notification say why, with the figures), while a healthy candidate with the
 * same traffic stays on. The batches never carry a query string or a name.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { TELEMETRY_TEXT } from '@trungtam/shared/contracts/telemetry';
import { apiCall, DEMO, PASSWORD, signIn, startSuite, tokenFor, type Suite } from '../support/suite';
import { ROOT } from '../../scripts/suite.mjs';

/** The guard judges after this many page views of the candidate (the smallest its settings take). */
const MIN_PAGE_VIEWS = 10;
/** Teachers signed in side by side, each opening the area's page this many times. */
const TEACHERS = 3;
const VIEWS_EACH = 4;
/** The promise: off within 60 s of the last failing page view being reported. */
const GUARD_DEADLINE_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a rollout guard that switches a failing candidate off by itself', () => {
  let suite: Suite;
  let adminToken: string;
  const healthy = `0.9.1-e2e.${Date.now()}`;
  const broken = `${healthy}.broken`;
  const releasesDir = path.join(ROOT, 'mf-users', 'releases');
  const usersOrigin = () => `http://localhost:${suite.settings.remotes.find((r) => r.name === 'users')!.port}`;
  const teachers: string[] = [];
  /** Every telemetry batch the browser sent, as sent. */
  const batches: string[] = [];

  before(async () => {
    suite = await startSuite();
    adminToken = await tokenFor(suite, DEMO.admin);
    // asynchronously: the remotes' static servers run in this process and must answer meanwhile
    await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/release.mjs', 'users', '--version', healthy], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, USERS_PORT: String(new URL(usersOrigin()).port), RELEASE_API_URL: suite.apiUrl, PUBLIC_API_URL: suite.apiUrl },
    });
    // The same build under another version, whose list pages (the staff accounts page among them) throw as they render.
    const brokenDir = path.join(releasesDir, broken);
    cpSync(path.join(releasesDir, healthy), brokenDir, { recursive: true });
    const renderOfStaffPage = /\{let\{formDelayMs:(\w+)\}=(\w+),/;
    const chunks = path.join(brokenDir, 'static', 'js', 'async');
    const patched = readdirSync(chunks).filter((file) => {
      const text = readFileSync(path.join(chunks, file), 'utf8');
      if (!renderOfStaffPage.test(text)) return false;
      writeFileSync(path.join(chunks, file), text.replace(renderOfStaffPage, (found) => `{throw new TypeError("candidate render failure");${found.slice(1)}`));
      return true;
    });
    assert.ok(patched.length >= 1, 'the build has the list pages');
    const registered = await apiCall(suite, 'POST', '/system/remote/release', {
      token: adminToken,
      body: { area: 'users', version: broken, entry: `${usersOrigin()}/${broken}/mf-manifest.json` },
    });
    assert.equal(registered.status, 200, JSON.stringify(registered.body));

    // the guard judges after MIN_PAGE_VIEWS page views (the other settings their defaults)
    const guard = await apiCall(suite, 'PUT', '/system/remote/guard', {
      token: adminToken,
      body: { area: 'users', settings: { paused: false, min_page_views: MIN_PAGE_VIEWS, error_rate_floor: 0.02, error_rate_factor: 2, min_inp_samples: 50, inp_worse_by: 0.5 } },
    });
    assert.equal(guard.status, 200, JSON.stringify(guard.body));

    for (let n = 0; n < TEACHERS; n += 1) {
      const email = `gv.canhgac.${Date.now()}.${n}@trungtam.vn`;
      const created = await apiCall(suite, 'POST', '/auth/register', {
        token: adminToken,
        body: { email, name: `Giáo viên canh gác ${n}`, password: PASSWORD, type: 'teacher', phone_number: '0901234567', status: 1, roles: [{ id: 3 }], center_id: 1 },
      });
      assert.ok(created.status < 300, JSON.stringify(created.body));
      teachers.push(email);
    }
  });
  after(async () => {
    await suite?.stop();
    for (const version of [healthy, broken]) rmSync(path.join(releasesDir, version), { recursive: true, force: true });
  });

  const usersArea = async () => (await apiCall(suite, 'GET', '/system/remote/list', { token: adminToken })).body.data.find((area: { name: string }) => area.name === 'users');
  const health = async () => (await apiCall(suite, 'GET', '/system/remote/health?area=users', { token: adminToken })).body.data;

  async function rollOutToTeachers(version: string) {
    const rollout = await apiCall(suite, 'PUT', '/system/remote/rollout', {
      token: adminToken,
      body: { area: 'users', candidate_version: version, rollout: { percent: 100, types: ['teacher'] } },
    });
    assert.equal(rollout.status, 200, JSON.stringify(rollout.body));
  }

  /** Opens the area's page (with a query string, which must never be reported) and waits for the batch that reports the view. */
  async function viewAndReport(page: Page) {
    const reported = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/telemetry'), { timeout: 45_000 });
    await page.goto(`${suite.appUrl}/settings/accounts?search=Nguy%E1%BB%85n`);
    batches.push((await reported).postData() ?? '');
  }

  /** Each teacher, side by side, opens the area's page VIEWS_EACH times, each view reported before the next. */
  async function teachersOpenTheArea() {
    await Promise.all(
      teachers.map(async (email) => {
        const { context, page } = await suite.newPage();
        await signIn(suite, page, email);
        for (let view = 0; view < VIEWS_EACH; view += 1) await viewAndReport(page);
        await context.close();
      }),
    );
  }

  test('a healthy candidate with the same traffic stays on', async () => {
    await rollOutToTeachers(healthy);
    await teachersOpenTheArea();
    // the guard has judged the candidate (at most its 15 s round plus the nudge after a batch) and kept it
    let figures = await health();
    for (let waited = 0; waited < GUARD_DEADLINE_MS && figures.guard.last_decision?.version !== healthy; waited += 2_000) {
      await sleep(2_000);
      figures = await health();
    }
    assert.equal(figures.candidate.totals.page_views >= MIN_PAGE_VIEWS, true, JSON.stringify(figures.candidate.totals));
    assert.equal(figures.candidate.totals.render_errors, 0);
    assert.deepEqual(
      { version: figures.guard.last_decision?.version, action: figures.guard.last_decision?.action },
      { version: healthy, action: 'kept' },
    );
    assert.equal((await usersArea()).candidate?.version, healthy);
  });

  test('a candidate that throws on render is switched off, audited and reported to the administrators', async () => {
    await rollOutToTeachers(broken);
    await teachersOpenTheArea();
    const lastReported = Date.now();

    let area = await usersArea();
    while (area.candidate && Date.now() - lastReported < GUARD_DEADLINE_MS) {
      await sleep(1_000);
      area = await usersArea();
    }
    assert.equal(area.candidate, null, `the candidate is off within ${GUARD_DEADLINE_MS / 1000} s of the last failing view's report`);
    console.log(`rollout guard: the candidate was off ${((Date.now() - lastReported) / 1000).toFixed(1)} s after the last failing view was reported`);

    const figures = await health();
    assert.ok(figures.candidate.totals.render_errors >= MIN_PAGE_VIEWS, JSON.stringify(figures.candidate.totals));
    assert.equal(figures.guard.last_decision.action, 'rolled_back');
    assert.equal(figures.guard.last_decision.version, broken);
    assert.ok(figures.candidate.top_errors.some((error: { type: string; version: string }) => error.type === 'TypeError' && error.version === broken));

    // the audit log says the system did it, with the figures
    const audit = await apiCall(suite, 'GET', '/system/audit-log/list?resource=RemoteArea&action=rollback&limit=5', { token: adminToken });
    const entry = audit.body.data.rows.find((row: { resource_id: string }) => row.resource_id === 'users');
    assert.ok(entry, JSON.stringify(audit.body));
    assert.equal(entry.actor_id, null);
    assert.match(JSON.stringify(entry), /error_rate|page_views/);

    // and every administrator hears of it
    const adminId = (await apiCall(suite, 'POST', '/auth/login', { body: { email: DEMO.admin, password: PASSWORD } })).body.data.user.id;
    const notices = await apiCall(suite, 'GET', `/notifications?user_id=${adminId}&limit=20`, { token: adminToken });
    assert.ok(
      JSON.stringify(notices.body.data).includes(TELEMETRY_TEXT.guardRolledBack('users', broken)),
      JSON.stringify(notices.body.data).slice(0, 500),
    );

    // the next page load of a teacher gets the stable build, and it renders
    const { context, page } = await suite.newPage();
    const loaded: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(usersOrigin()) && request.url().endsWith('/mf-manifest.json')) loaded.push(request.url());
    });
    await signIn(suite, page, teachers[0]);
    await page.goto(`${suite.appUrl}/settings/accounts`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    assert.equal(loaded.at(-1), `${usersOrigin()}/mf-manifest.json`);
    await context.close();
  });

  test('the batches name route patterns, never a query string or a person', () => {
    assert.ok(batches.length >= TEACHERS * VIEWS_EACH);
    for (const batch of batches) {
      assert.doesNotMatch(batch, /search=|Nguy|canhgac|Giáo viên|@trungtam/);
      const { events } = JSON.parse(batch) as { events: Array<{ route: string }> };
      for (const event of events) assert.match(event.route, /^\/[A-Za-z0-9/:_-]*$/);
    }
    assert.ok(batches.some((batch) => batch.includes('"route":"/settings/accounts"')));
  });
});
