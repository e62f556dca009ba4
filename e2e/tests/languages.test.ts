import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { menuTitleIn } from '../support/registryMenu';
import { DEMO, signIn, startSuite, type Suite } from '../support/suite';

// The menu in German and Vietnamese; an entry not named here is expected in its registry entry's translation.
const DE: Record<string, string> = {
  Dashboard: 'Übersicht', Courses: 'Kurse', Today: 'Heute', 'Self sign-up': 'Selbstregistrierung', Schedules: 'Stundenpläne', Classes: 'Klassen', 'Running out of lessons': 'Bald keine Stunden mehr', Debts: 'Offene Beträge', Revenue: 'Umsatz', 'Bank reconciliation': 'Kontoabgleich', Reports: 'Berichte', Teachers: 'Lehrkräfte', Students: 'Lernende', 'Staff accounts': 'Mitarbeiterkonten',
  'Notification settings': 'Benachrichtigungseinstellungen', 'Messages to families': 'Nachrichten an Eltern', 'Message templates': 'Nachrichtenvorlagen', Centres: 'Zentren', Rooms: 'Räume', Discounts: 'Rabatte', 'Product types': 'Produkttypen',
  'Teaching methods': 'Unterrichtsformen', 'Variant groups': 'Variantengruppen', Variants: 'Varianten', Roles: 'Rollen', 'Audit log': 'Prüfprotokoll', Areas: 'Bereiche',
  Events: 'Veranstaltungen', Subjects: 'Fächer', 'Examinee groups': 'Prüflingsgruppen', Rounds: 'Runden', Examinees: 'Prüflinge', 'Exam grading': 'Bewertung',
};
const VI: Record<string, string> = {
  Dashboard: 'Trang chủ', Courses: 'Khoá học', Today: 'Hôm nay', 'Self sign-up': 'Tự đăng ký tài khoản', Schedules: 'Lịch học', Classes: 'Lớp học', 'Running out of lessons': 'Sắp hết buổi', Debts: 'Công nợ', Revenue: 'Doanh thu', 'Bank reconciliation': 'Đối soát ngân hàng', Reports: 'Báo cáo', Teachers: 'Giáo viên', Students: 'Học viên', 'Staff accounts': 'Tài khoản giáo vụ',
  'Notification settings': 'Cài đặt thông báo', 'Messages to families': 'Tin gửi phụ huynh', 'Message templates': 'Mẫu tin gửi phụ huynh', Centres: 'Trung tâm', Rooms: 'Phòng học', Discounts: 'Khuyến mại', 'Product types': 'Loại sản phẩm',
  'Teaching methods': 'Hình thức học', 'Variant groups': 'Nhóm thuộc tính', Variants: 'Thuộc tính', Roles: 'Quyền tài khoản', 'Audit log': 'Nhật ký hệ thống', Areas: 'Phân hệ',
  Events: 'Cuộc thi', Subjects: 'Môn thi', 'Examinee groups': 'Nhóm thí sinh', Rounds: 'Vòng thi', Examinees: 'Thí sinh', 'Exam grading': 'Chấm thi',
};

describe('languages', () => {
  let suite: Suite;
  before(async () => {
    suite = await startSuite();
  });
  after(async () => {
    await suite?.stop();
  });

  test('switching the language in the avatar menu changes the menu; the choice persists; product texts stay Vietnamese', async () => {
    const { context, page } = await suite.newPage();
    await signIn(suite, page, DEMO.admin);
    const menuTexts = async () => {
      const nav = page.getByRole('navigation').first();
      await nav.getByRole('link').nth(1).waitFor();
      return (await nav.getByRole('link').allInnerTexts()).map((t) => t.trim());
    };
    const english = await menuTexts();
    assert.deepEqual(english.slice(0, 3), ['Dashboard', 'Courses', 'Teachers']);

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
    await page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Übersicht', exact: true }).waitFor();
    assert.deepEqual(await menuTexts(), english.map((label) => DE[label] ?? menuTitleIn('de', label) ?? label));
    await page.getByRole('heading', { name: 'Lịch học trong tuần này' }).waitFor();

    await page.reload();
    await page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Lehrkräfte' }).waitFor();

    await page.getByRole('button', { name: 'Kontomenü' }).click();
    await page.getByRole('menuitemradio', { name: 'Tiếng Việt' }).click();
    await page.getByRole('navigation', { name: 'Menu chính' }).getByRole('link', { name: 'Giáo viên' }).waitFor();
    assert.deepEqual(await menuTexts(), english.map((label) => VI[label] ?? menuTitleIn('vi', label) ?? label));

    await page.getByRole('button', { name: 'Menu tài khoản' }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Teachers' }).waitFor();
    await context.close();
  });
});
