import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { MESSAGES } from '@trungtam/shared/validation';
import { DEMO, PASSWORD, apiCall, signIn, startSuite, tokenFor, type Suite } from '../support/suite';

describe('signing in', () => {
  let suite: Suite;
  before(async () => {
    suite = await startSuite();
  });
  after(async () => {
    await suite?.stop();
  });

  test('a logged-out visitor is sent to the sign-in page, and back after signing in', async () => {
    const { context, page } = await suite.newPage();
    await page.goto(`${suite.appUrl}/assets/teachers`);
    await page.waitForURL(`${suite.appUrl}/auth/login`);
    await page.getByLabel('Email').fill(DEMO.admin);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${suite.appUrl}/assets/teachers`);
    try {
      await page.getByRole('table').waitFor();
    } catch (error) {
      // intermittent on a cold suite: say what the page showed instead of the table
      const shown = await page.locator('body').innerText().catch(() => '(no text)');
      throw new Error(`no table at ${page.url()}; the page showed: ${shown.slice(0, 600)}`, { cause: error });
    }
    await context.close();
  });

  test('empty and malformed fields show the validation messages', async () => {
    const { context, page } = await suite.newPage();
    await page.goto(`${suite.appUrl}/auth/login`);
    await page.getByLabel('Email').fill('a');
    await page.getByLabel('Email').fill('');
    await page.getByLabel('Password').focus();
    await page.getByLabel('Email').focus();
    await page.getByText(MESSAGES.loginEmailRequired).waitFor();
    await page.getByLabel('Email').fill('khong-phai-email');
    await page.getByLabel('Password').focus();
    await page.getByText(MESSAGES.loginEmailFormat).waitFor();
    await context.close();
  });

  test('a wrong password is refused with the Vietnamese message', async () => {
    const { context, page } = await suite.newPage();
    await page.goto(`${suite.appUrl}/auth/login`);
    await page.getByLabel('Email').fill(DEMO.teacher);
    await page.getByLabel('Password').fill('sai-mat-khau');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText(MESSAGES.loginFailed).waitFor();
    assert.equal(new URL(page.url()).pathname, '/auth/login');
    await context.close();
  });

  test('a locked account cannot sign in, and its open session ends on the next request', async () => {
    const admin = await tokenFor(suite, DEMO.admin);
    const list = await apiCall(suite, 'GET', '/user/list?type=teacher&search=giaovien&limit=10', { token: admin });
    const teacher = list.body.data.rows.find((u: { email: string }) => u.email === DEMO.teacher);
    assert.ok(teacher, 'the demo teacher is listed');

    const { context, page } = await suite.newPage();
    await signIn(suite, page, DEMO.teacher);

    const locked = await apiCall(suite, 'PUT', '/user/update', {
      token: admin,
      body: {
        id: teacher.id,
        name: teacher.name,
        email: teacher.email,
        phone_number: teacher.phone_number,
        status: 4,
      },
    });
    assert.equal(locked.status, 200);

    // The open session is refused at its next call: the shell signs the user out.
    await page.reload();
    await page.waitForURL(`${suite.appUrl}/auth/login`);
    await page.getByLabel('Email').fill(DEMO.teacher);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText(MESSAGES.loginFailed).waitFor();

    const unlocked = await apiCall(suite, 'PUT', '/user/update', {
      token: admin,
      body: { id: teacher.id, name: teacher.name, email: teacher.email, phone_number: teacher.phone_number, status: 1 },
    });
    assert.equal(unlocked.status, 200);
    await context.close();
  });

  test('/logout ends the session', async () => {
    const { context, page } = await suite.newPage();
    await signIn(suite, page, DEMO.academicAffair);
    await page.goto(`${suite.appUrl}/logout`);
    await page.waitForURL(`${suite.appUrl}/auth/login`);
    await page.goto(`${suite.appUrl}/dashboard`);
    await page.waitForURL(`${suite.appUrl}/auth/login`);
    await context.close();
  });
});
