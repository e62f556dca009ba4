import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO, signIn, startSuite, type Suite } from '../support/suite';

describe('a stopped remote', () => {
  let suite: Suite;
  before(async () => {
    suite = await startSuite();
  });
  after(async () => {
    await suite?.stop();
  });

  test('the shell keeps working, says so in the content area, and recovers on retry', async () => {
    const { context, page } = await suite.newPage();
    await signIn(suite, page, DEMO.admin);
    await suite.stopRemote('users');

    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Teachers' }).click();
    await page.getByText('This feature could not be loaded').waitFor({ timeout: 30_000 });
    const retry = page.getByRole('button', { name: 'Retry' });
    await retry.waitFor();

    // The rest of the portal still works.
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL(`${suite.appUrl}/dashboard`);
    await page.getByRole('button', { name: 'Account menu' }).waitFor();

    // Back on its feet, the remote loads on retry without a page reload.
    await suite.startRemote('users');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Teachers' }).click();
    const failed = page.getByText('This feature could not be loaded');
    if (await failed.isVisible()) await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('table').waitFor({ timeout: 30_000 });
    assert.equal(await failed.count(), 0);
    await context.close();
  });
});
