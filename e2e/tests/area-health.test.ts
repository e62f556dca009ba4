/**
 * An area's health on the Areas screen, against the real API: the page views the shell reported while an
 * administrator browsed the users area show as the stable build's figures, drawn in a chart whose code
 * (the chart library) no page downloaded before this screen; the guard's settings save and its rule
 * reads them at once.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Response } from 'playwright-core';
import { DEMO, signIn, startSuite, type Suite } from '../support/suite';

describe('an area’s health on the Areas screen', () => {
  let suite: Suite;
  before(async () => {
    suite = await startSuite();
  });
  after(async () => {
    await suite?.stop();
  });

  test('shows what the shell reported, with the chart library downloaded by this screen only, and saves the guard', async () => {
    const { page } = await suite.newPage();
    page.setDefaultTimeout(20_000);
    /** Whether each script the page downloaded carries the chart library, in the order downloaded. */
    const scripts: Array<Promise<boolean>> = [];
    page.on('response', (response: Response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.text().then((text) => text.includes('recharts-wrapper'), () => false));
    });
    await signIn(suite, page, DEMO.admin);
    for (const path of ['/assets/teachers', '/assets/students', '/settings/notifications']) {
      await page.goto(`${suite.appUrl}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
    }
    const before = (await Promise.all(scripts)).length;
    assert.ok(!(await Promise.all(scripts)).some(Boolean), 'no page before the Areas screen downloads the chart library');

    await page.goto(`${suite.appUrl}/settings/areas`);
    const health = page.getByRole('article', { name: 'Người dùng' }).getByRole('region', { name: 'Tình trạng' });
    const stable = health.getByRole('group', { name: 'Số liệu của bản ổn định' });
    // (the shell sends its reports in batches: the screen is refreshed until they are counted)
    for (let tries = 0; (await stable.count()) === 0 && tries < 20; tries += 1) {
      await page.waitForTimeout(500);
      await health.getByRole('button', { name: 'Làm mới' }).click();
    }
    const views = Number((await stable.getByText('Lượt xem trang').locator('xpath=following-sibling::*[1]').innerText()).replace(/\./g, ''));
    assert.ok(views >= 2, `the stable build's page views: ${views}`);
    await health.getByRole('group', { name: 'Lượt xem trang theo thời gian' }).locator('svg').first().waitFor();
    await page.waitForLoadState('networkidle');
    assert.ok((await Promise.all(scripts)).slice(before).some(Boolean), 'the Areas screen downloads the chart library');

    await health.getByRole('button', { name: 'Xem dạng bảng' }).click();
    assert.ok((await health.getByRole('table', { name: 'Số liệu theo thời gian' }).getByRole('row').count()) >= 2);

    const guard = health.getByRole('region', { name: 'Bộ bảo vệ bản thử nghiệm' });
    await guard.getByText('Không có bản thử nghiệm').waitFor();
    await guard.getByRole('button', { name: 'Cài đặt bộ bảo vệ' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bộ bảo vệ bản thử nghiệm: Người dùng' });
    await dialog.getByLabel(/Ngưỡng tỉ lệ lỗi tối thiểu/).fill('3.5');
    await dialog.getByRole('button', { name: 'Lưu cài đặt' }).click();
    await page.getByText('Đã lưu cài đặt bộ bảo vệ của Người dùng').waitFor();
    await guard.getByText(/và vượt 3,5 %/).waitFor();
  });
});
