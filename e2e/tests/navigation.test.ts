import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { fullMenuOf } from '../support/registryMenu';
import { DEMO, signIn, startSuite, type Suite } from '../support/suite';

describe('menus and routes per user', () => {
  let suite: Suite;
  before(async () => {
    suite = await startSuite();
  });
  after(async () => {
    await suite?.stop();
  });

  /** The menu's entries once the manifest's have arrived (all at once: one of them is enough to wait for). */
  const menuOf = async (email: string) => {
    const { context, page } = await suite.newPage();
    await signIn(suite, page, email);
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await nav.getByRole('link', { name: 'Teachers' }).waitFor();
    const entries = await nav.getByRole('link').allInnerTexts();
    await context.close();
    return entries.map((text) => text.trim());
  };

  test('the administrator and the academic-affairs user see the areas their roles open', async () => {
    const settings = ['Notification settings', 'Messages to families', 'Message templates', 'Centres', 'Rooms', 'Discounts', 'Product types', 'Teaching methods', 'Variant groups', 'Variants'];
    // "Today" (a staff member's sessions of the day) leads the learning section, which comes before the competitions
    const learning = ['Today', 'Schedules', 'Classes', 'Running out of lessons', 'Debts', 'Revenue', 'Bank reconciliation', 'Reports'];
    const competition = ['Events', 'Subjects', 'Examinee groups', 'Rounds', 'Examinees', 'Exam grading'];
    // the administrator sees every entry of the registry, in the menu's order; those named here keep their order
    const adminMenu = await menuOf(DEMO.admin);
    assert.deepEqual(adminMenu, fullMenuOf('administrator'));
    const named = ['Dashboard', 'Courses', 'Teachers', 'Students', ...learning, ...competition, 'Staff accounts', ...settings, 'Roles', 'Audit log', 'Self sign-up', 'Areas'];
    assert.deepEqual(adminMenu.filter((title) => named.includes(title)), named);
    // the demo giáo vụ role reads centres and discounts, manages rooms and notifications, reads the families' message templates; no catalogue, roles or audit log
    // and the operations overview (Insight GetAll), which its role has too, after the learning entries
    assert.deepEqual(await menuOf(DEMO.academicAffair), ['Dashboard', 'Courses', 'Teachers', 'Students', ...learning, 'Operations overview', ...competition, 'Staff accounts', 'Notification settings', 'Messages to families', 'Message templates', 'Centres', 'Rooms', 'Discounts']);
  });

  test('the teacher and the student see their learning entries only, and never download the users or settings area', async () => {
    const menus: Record<string, string[]> = {
      // "Today" a teacher's attendance; the schedules need no permission; the classes LearningClass GetAll; a teacher's payroll PayrollTimesheet GetAll;
      // grading LearningCompetitionExamineePoint GetAll (and a grader's type)
      [DEMO.teacher]: ['Dashboard', 'Today', 'Schedules', 'Classes', 'Reports', 'Exam grading'],
      [DEMO.student]: ['Dashboard', 'My classes', 'Schedules', 'Classes'],
    };
    for (const email of [DEMO.teacher, DEMO.student]) {
      const { context, page } = await suite.newPage();
      const remoteRequests: string[] = [];
      // no remote is fetched before one of its routes is opened (the learning area's included)
      const remoteOrigins = suite.settings.remotes.map((remote) => `http://localhost:${remote.port}`);
      page.on('request', (request) => {
        if (remoteOrigins.some((origin) => request.url().startsWith(origin))) remoteRequests.push(request.url());
      });
      await signIn(suite, page, email);
      const nav = page.getByRole('navigation', { name: 'Main menu' });
      await nav.getByRole('link', { name: 'Schedules' }).waitFor();
      assert.deepEqual(
        (await nav.getByRole('link').allInnerTexts()).map((t) => t.trim()),
        // settings/accounts opens for everyone (no permission check) but is listed only for users who can list accounts
        menus[email],
        `${email}'s menu`,
      );
      // A forbidden route goes to the dashboard.
      for (const forbidden of ['/assets/teachers', '/settings/learning/rooms', '/settings/roles', '/assets/products', '/competition/manage']) {
        await page.goto(`${suite.appUrl}${forbidden}`);
        await page.waitForURL(`${suite.appUrl}/dashboard`);
      }
      assert.deepEqual(remoteRequests, [], `${email} downloaded no remote`);
      await context.close();
    }
  });

  test('redirects: /, /auth, /error, unknown paths, and /auth when signed in', async () => {
    const { context, page } = await suite.newPage();
    await page.goto(`${suite.appUrl}/auth`);
    await page.waitForURL(`${suite.appUrl}/auth/login`);
    await page.goto(`${suite.appUrl}/auth/khong-co`);
    await page.waitForURL(`${suite.appUrl}/auth/login`);

    await signIn(suite, page, DEMO.admin);
    await page.goto(`${suite.appUrl}/`);
    await page.waitForURL(`${suite.appUrl}/dashboard`);
    await page.goto(`${suite.appUrl}/auth/login`);
    await page.waitForURL(`${suite.appUrl}/dashboard`);

    await page.goto(`${suite.appUrl}/khong-ton-tai`);
    await page.waitForURL(`${suite.appUrl}/error/404`);
    await page.getByText('Page Not Found').waitFor();
    await page.goto(`${suite.appUrl}/error`);
    await page.waitForURL(`${suite.appUrl}/error/404`);
    await page.goto(`${suite.appUrl}/error/500`);
    await page.getByText('System Error').waitFor();
    await page.getByRole('link', { name: 'Go to homepage' }).click();
    await page.waitForURL(`${suite.appUrl}/dashboard`);
    await context.close();
  });

  test('the users remote is fetched from its own origin only when Teachers opens', async () => {
    const { context, page } = await suite.newPage();
    const remoteOrigin = `http://localhost:${suite.settings.remotes[0].port}`;
    const remoteRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(remoteOrigin)) remoteRequests.push(request.url());
    });
    await signIn(suite, page, DEMO.admin);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Teachers' }).waitFor();
    assert.equal(remoteRequests.length, 0, `nothing fetched from the remote before its route opens: ${remoteRequests.join(', ')}`);

    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Teachers' }).click();
    await page.waitForURL(`${suite.appUrl}/assets/teachers`);
    await page.getByRole('table').waitFor();
    assert.ok(remoteRequests.includes(`${remoteOrigin}/mf-manifest.json`), 'manifest fetched from the remote origin');
    assert.ok(remoteRequests.some((url) => url.endsWith('.js')), 'code fetched from the remote origin');
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await breadcrumb.getByText('Assets').waitFor();
    await breadcrumb.getByText('Teachers').waitFor();
    await context.close();
  });
});
