import { chromium } from 'playwright-core';
const base = 'http://localhost:3000';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'] });
async function session(email, viewport) {
  const ctx = await browser.newContext({ viewport });
  const page = await ctx.newPage();
  await page.addInitScript(() => localStorage.setItem('trungtam-language', 'vi'));
  await page.goto(base + '/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mật khẩu').fill('matkhau123');
  await page.getByRole('button', { name: 'Tiếp tục' }).click();
  await page.waitForTimeout(2500);
  return page;
}
for (const [name, viewport] of [['desk', { width: 1366, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
  const page = await session('giaovu@trungtam.vn', viewport);
  await page.goto(base + '/learning/low-balance');
  await page.waitForTimeout(3000);
  await page.screenshot({ path: `/tmp/shots/low-${name}.png` });
  const renew = page.getByRole('button', { name: 'Gia hạn' }).first();
  if (await renew.count()) {
    await renew.click();
    await page.waitForTimeout(3000);
    await page.screenshot({ path: `/tmp/shots/renew-${name}.png` });
    await page.keyboard.press('Escape');
  } else console.log('no renew button', name);
  await page.goto(base + '/users/students');
  await page.waitForTimeout(3000);
  const classes = page.getByRole('button', { name: /lớp/i }).first();
  await page.screenshot({ path: `/tmp/shots/students-${name}.png` });
  await page.context().close();
}
await browser.close();
