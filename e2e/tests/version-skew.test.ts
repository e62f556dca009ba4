/**
 * Version skew: each area is released on its own, so an area built from an older commit must keep working
 * with today's shell, today's shared package and today's API. The users area is built as it was at
 * OLDER_USERS_COMMIT and served on its port in place of today's build; an administrator then uses it as
 * every day (lists, search, create), and the rest of the portal beside it.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { after, afterEach, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { MESSAGES } from '@trungtam/shared/validation';
import { ROOT, suiteSettings } from '../../scripts/suite.mjs';
import { E2E_ENV } from '../support/env.mjs';
import { buildRemoteAt, type FederationManifest, type OlderBuild } from '../support/older-build';
import { DEMO, apiCall, signIn, startSuite, tokenFor, type Suite } from '../support/suite';

/**
 * "Review: a token's session and account in one query per request; …" (23/11/2026): the last commit
 * before the settings area, when the users area (teachers, students with enrolment and export, staff
 * accounts) was finished. Since then the settings, learning and competition areas have changed much of
 * the shared package (the resource kit, the UI kit, the contracts, the federation config) and the users
 * area itself (the students export, the standalone entry): `git diff --stat <commit> HEAD -- mf-users
 * shared` lists 53 files.
 *
 * What this found when it was written: the older users area worked, but once it had loaded, the settings
 * and competition areas no longer did ("<area>/Area has no default export"). The shell provided only the
 * entry points of the shared package it imported itself, so the first area needing another one
 * (`@trungtam/shared/resource`...) supplied its own bundled copy to every area after it, and the older
 * resource kit lacked what the others call. The shell now provides every entry point
 * (shell/src/remotes/providedShared.ts) and this test guards it.
 */
const OLDER_USERS_COMMIT = '9b79d273227bc2a98993cf2a6f549aed836ddc62';
const USERS = 'users';

const NEW_TEACHER = {
  name: 'Đặng Quốc Việt',
  email: 'quocviet.dang@trungtam.vn',
  password: 'giaovien2026',
  phone: '0913579246',
};

/**
 * The entry points of the shared package whose own copy in the build `files` hold: their files, less
 * any file of the build's exposed area.
 */
function ownSharedEntryPoints(manifest: FederationManifest, files: readonly string[]): string[] {
  const filesOf = (entry: { assets: { js: { sync: string[]; async: string[] } } }) => [...entry.assets.js.sync, ...entry.assets.js.async];
  const exposed = new Set(manifest.exposes.flatMap(filesOf));
  const fetched = new Set(files);
  return manifest.shared
    .filter((shared) => shared.name.startsWith('@trungtam/shared/'))
    .filter((shared) => filesOf(shared).some((file) => !exposed.has(file) && fetched.has(file)))
    .map((shared) => shared.name)
    .sort();
}

describe('an older release of the users area with today\'s shell, shared package and API', () => {
  let older: OlderBuild;
  let suite: Suite;
  let page: Page;
  /** Paths fetched from the users area's origin, and its manifest as the browser received it. */
  const usersRequests: string[] = [];
  let servedManifest: string | undefined;
  /** Uncaught errors and console errors of the page, taken by each test's end. */
  const pageProblems: string[] = [];

  before(async () => {
    const { apiUrl } = suiteSettings({ ...E2E_ENV });
    older = buildRemoteAt(OLDER_USERS_COMMIT, 'mf-users', apiUrl);
    suite = await startSuite();
    await suite.stopRemote(USERS);
    await suite.startRemote(USERS, { dir: older.dir });

    ({ page } = await suite.newPage());
    page.setDefaultTimeout(15_000);
    const usersPort = suite.settings.remotes.find((remote) => remote.name === USERS)!.port;
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.port !== String(usersPort)) return;
      usersRequests.push(url.pathname);
      if (url.pathname === '/mf-manifest.json') void response.text().then((text) => (servedManifest = text));
    });
    page.on('pageerror', (error) => pageProblems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') pageProblems.push(`console error: ${message.text()}`);
    });
    await signIn(suite, page, DEMO.admin);
  });
  after(async () => {
    await suite?.stop();
  });
  afterEach(() => {
    const found = pageProblems.splice(0);
    assert.deepEqual(found, [], `the page met errors:\n${found.join('\n')}`);
  });

  const menu = () => page.getByRole('navigation', { name: 'Main menu' });
  const rowOf = (email: string) => page.getByRole('row').filter({ hasText: email });
  const bodyRows = () => page.locator('tbody tr');

  /** Opens the filter panel, searches for `text` and waits for the one row that matches. */
  const search = async (text: string, expected: string) => {
    await page.getByRole('button', { name: /Bộ lọc/ }).click();
    await page.getByLabel('Tìm kiếm').fill(text);
    await page.getByRole('button', { name: 'Áp dụng' }).click();
    await page.waitForURL(new RegExp(`search=${encodeURIComponent(text)}`));
    await rowOf(expected).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
  };

  test('teachers: the seeded list, the search, and a new teacher created and listed', async () => {
    await menu().getByRole('link', { name: 'Teachers' }).click();
    await page.waitForURL(`${suite.appUrl}/assets/teachers`);
    await rowOf(DEMO.teacher).waitFor();
    assert.ok((await bodyRows().count()) > 1, 'the seeded teachers are listed');

    await search('giaovien@', DEMO.teacher);

    await page.goto(`${suite.appUrl}/assets/teachers`);
    await rowOf(DEMO.teacher).waitFor();
    await page.getByRole('button', { name: 'Thêm giáo viên' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Tên tài khoản').fill(NEW_TEACHER.name);
    await dialog.getByLabel('Email').fill(NEW_TEACHER.email);
    await dialog.getByLabel('Mật khẩu').fill(NEW_TEACHER.password);
    await dialog.getByLabel('Số điện thoại').fill(NEW_TEACHER.phone);
    await dialog.getByLabel('Quyền tài khoản').selectOption({ label: 'Giáo viên' });
    await dialog.getByRole('button', { name: 'Khởi tạo giáo viên' }).click();
    await page.getByText(MESSAGES.teacherCreated).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('row').nth(1).getByText(NEW_TEACHER.email).waitFor();
  });

  test('students: the seeded list and the search', async () => {
    await menu().getByRole('link', { name: 'Students' }).click();
    await page.waitForURL(`${suite.appUrl}/assets/students`);
    const { body } = await apiCall(suite, 'GET', '/user/list?type=student&limit=1', { token: await tokenFor(suite, DEMO.admin) });
    await page.getByText(`Showing 1 to 10 of ${body.data.total_rows} entries`).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('table[aria-label="Danh sách học viên"] tbody tr').length === 10);

    await search('hocvien@', DEMO.student);
  });

  test('staff accounts open from the menu too', async () => {
    await menu().getByRole('link', { name: 'Staff accounts' }).click();
    await page.waitForURL(`${suite.appUrl}/settings/accounts`);
    await rowOf(DEMO.academicAffair).waitFor();
  });

  test('the menu and the other areas keep working beside it', async () => {
    // one screen of each other area, opened from the menu after the older users area has loaded
    const screens: Array<[link: string, path: string, heading: string]> = [
      ['Rooms', '/settings/learning/rooms', 'Phòng học'],
      ['Classes', '/learning/classes', 'Lớp học'],
      ['Examinees', '/competition/examinee', 'Thí sinh'],
    ];
    const notLoaded = page.getByText('This feature could not be loaded');
    const failures: string[] = [];
    for (const [link, path, title] of screens) {
      await menu().getByRole('link', { name: link, exact: true }).click();
      await page.waitForURL(`${suite.appUrl}${path}`);
      const heading = page.getByRole('heading', { level: 1, name: title, exact: true });
      await heading.or(notLoaded).waitFor({ timeout: 30_000 });
      if ((await notLoaded.count()) > 0) failures.push(`${path} did not load`);
    }
    assert.deepEqual(failures, [], `other areas failed after the older users area:\n${pageProblems.join('\n')}`);

    await menu().getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL(`${suite.appUrl}/dashboard`);
    await menu().getByRole('link', { name: 'Teachers' }).click();
    await rowOf(NEW_TEACHER.email).waitFor();
  });

  test('the users code came from the older build, over the shell\'s shared package', () => {
    // the manifest the shell read is the older build's, and every file came from that build
    assert.ok(servedManifest, 'the users area\'s manifest was fetched');
    assert.deepEqual(JSON.parse(servedManifest), older.manifest);
    const scripts = usersRequests.filter((pathname) => pathname.endsWith('.js'));
    assert.ok(scripts.length > 0, 'the users area\'s code was fetched');
    for (const pathname of scripts) assert.ok(existsSync(path.join(older.dir, pathname)), `${pathname} is in the older build`);

    // and some of it is in no file of today's build of the area
    const todaysBuild = path.join(ROOT, 'mf-users', 'dist');
    assert.ok(existsSync(todaysBuild), 'today\'s build of the users area exists (npm run test:e2e builds it)');
    const notToday = scripts.filter((pathname) => !existsSync(path.join(todaysBuild, pathname)));
    assert.ok(notToday.length > 0, 'the code fetched differs from today\'s build');

    // the older build carries its own copy of the shared package, for a host without one: the shell's ran instead
    const ownCopies = ownSharedEntryPoints(older.manifest, scripts.map((pathname) => pathname.slice(1)));
    assert.deepEqual(ownCopies, [], 'the older users area ran on its own copy of these entry points of the shared package, not on today\'s');
  });
});
