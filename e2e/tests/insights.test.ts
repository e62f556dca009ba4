/**
 * "Tổng quan vận hành" drills down: the administrator opens the overview on its default period (the last 8
 * weeks, where the demo data has rolls taken), reads a class row's "Số buổi" and an absent student's
 * "Số buổi vắng", opens each, and the schedules list counts as many sessions. On a phone (390×844) neither
 * the overview nor the list it opens scrolls sideways.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { DEMO, signIn, startSuite, type Suite } from '../support/suite';

/** A figure as the overview writes it (vi-VN: 1.234). */
const figure = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));

/** The schedules list's total, once it has loaded ("12 buổi học"). */
async function listTotal(page: Page): Promise<number> {
  const count = page.getByText(/^\d+ buổi học$/);
  await count.waitFor();
  return figure(await count.textContent());
}

/** The first data row of the overview's table `name`, once its figures are there. */
async function firstRow(page: Page, name: string): Promise<Locator> {
  const row = page.getByRole('table', { name }).getByRole('row').nth(1);
  await row.getByRole('link').waitFor();
  return row;
}

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe('operations overview drill-down', () => {
  let suite: Suite;
  before(async () => {
    suite = await startSuite();
  });
  after(async () => {
    await suite?.stop();
  });

  test("a class row's sessions and an absent student's absences are the schedules list's totals", async () => {
    const { context, page } = await suite.newPage({ locale: 'vi-VN' });
    page.setDefaultTimeout(20_000);
    await signIn(suite, page, DEMO.admin);
    await page.goto(`${suite.appUrl}/learning/insights`);
    await page.getByRole('heading', { level: 1, name: 'Tổng quan vận hành' }).waitFor();

    // a class: "Số buổi" is the second column
    const classRow = await firstRow(page, 'Chuyên cần theo lớp');
    const sessions = figure(await classRow.getByRole('cell').nth(1).textContent());
    assert.ok(sessions > 0, 'the demo data has a class with rolls taken in the last 8 weeks');
    await classRow.getByRole('link').click();
    await page.waitForURL(/\/learning\/schedules\?view=list&.*attendance_taken=1.*class_id=\d+/);
    assert.equal(await listTotal(page), sessions, "the list's total is the class row's Số buổi");
    assert.ok(await page.getByLabel('Từ ngày').inputValue(), 'the period came with the link');

    // a student most often absent: "Số buổi vắng" is the second column
    await page.goBack();
    const studentRow = await firstRow(page, 'Học viên vắng nhiều nhất');
    const name = (await studentRow.getByRole('cell').first().textContent())!.trim();
    const absences = figure(await studentRow.getByRole('cell').nth(1).textContent());
    assert.ok(absences > 0, 'the demo data has a student absent in the last 8 weeks');
    await studentRow.getByRole('link', { name: `Xem các buổi vắng của ${name}` }).click();
    await page.waitForURL(/absent_student_id=\d+/);
    assert.equal(await listTotal(page), absences, "the list's total is the student's Số buổi vắng");
    await page.getByText(`Các buổi vắng (không phép) của ${name}`).waitFor();
    await context.close();
  });

  test('on a phone (390×844) neither the overview nor the list it opens scrolls sideways', async () => {
    const { context, page } = await suite.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'vi-VN' });
    page.setDefaultTimeout(20_000);
    await signIn(suite, page, DEMO.admin);
    await page.goto(`${suite.appUrl}/learning/insights`);
    await page.getByRole('heading', { level: 1, name: 'Tổng quan vận hành' }).waitFor();
    const absent = page.getByRole('link', { name: /^Xem các buổi vắng của / }).first();
    await absent.waitFor();
    assert.ok(await noSideScroll(page), 'the overview has no horizontal scroll at 390 px');
    await absent.tap();
    await page.waitForURL(/absent_student_id=\d+/);
    await listTotal(page);
    assert.ok(await noSideScroll(page), 'the list it opens has no horizontal scroll at 390 px');
    await context.close();
  });
});
