import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO, signIn, startSuite, takeCspViolations, type Suite } from '../support/suite';

describe('health real', () => {
  let suite: Suite;
  before(async () => { suite = await startSuite(); });
  after(async () => { await suite?.stop(); });

  test('the areas screen reads the real health and saves the guard', async () => {
    const { page } = await suite.newPage();
    page.setDefaultTimeout(20_000);
    const answers: string[] = [];
    page.on('response', (r) => { if (r.url().includes('/system/remote/')) answers.push(`${r.request().method()} ${r.url().replace(/^.*\/api\/v1/, '')} ${r.status()}`); });
    await signIn(suite, page, DEMO.admin);
    for (const path of ['/assets/teachers', '/assets/students', '/settings/notifications', '/settings/learning/rooms']) {
      await page.goto(`${suite.appUrl}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForTimeout(1500);
    }
    await page.goto(`${suite.appUrl}/settings/areas`);
    const users = page.getByRole('article', { name: 'Người dùng' });
    const health = users.getByRole('region', { name: 'Tình trạng' });
    await health.getByRole('region', { name: 'Bộ bảo vệ bản thử nghiệm' }).waitFor();
    console.log('figures?', await health.getByRole('group', { name: 'Số liệu của bản ổn định' }).count(), 'empty?', await health.getByText('Chưa có dữ liệu đo lường trong khoảng thời gian này').count());
    await page.waitForTimeout(1000);
    await users.screenshot({ path: '/tmp/hs-shots/real-users.png' });
    await health.getByRole('button', { name: 'Cài đặt bộ bảo vệ' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/Ngưỡng tỉ lệ lỗi tối thiểu/).fill('3.5');
    await dialog.getByRole('button', { name: 'Lưu cài đặt' }).click();
    await page.getByText('Đã lưu cài đặt bộ bảo vệ của Người dùng').waitFor();
    await health.getByText(/vượt 3,5 %/).waitFor();
    console.log(answers.join('\n'));
    assert.deepEqual(takeCspViolations(), []);
  });
});
