/**
 * The channels to families (lib/channels) against local providers: a recording HTTP server standing for
 * Zalo ZNS and the SMS gateway, and a local SMTP server. The requests' exact shape, the providers' ids, their
 * errors as reasons, which failures are permanent (the worker falls back at once) and which transient, the
 * deadline and the size cap on an answer, e-mail attachments, the phone numbers accepted, and the settings.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config';
import { createMailer } from '../src/lib/mailer';
import {
  configuredChannels,
  createChannels,
  createEmailSender,
  createSmsSender,
  createZaloSender,
  PermanentChannelError,
  SMS_MAX_LENGTH,
  smsContent,
  vietnamesePhone,
  type OutgoingMessage,
} from '../src/lib/channels';
import { ProviderRecorder, type ProviderReply } from './support/provider-recorder';
import { parseMail, SmtpRecorder } from './support/smtp-recorder';

const provider = new ProviderRecorder();
const smtp = new SmtpRecorder(0);

beforeAll(async () => {
  await provider.start();
  await smtp.start();
});

afterAll(async () => {
  await provider.stop();
  await smtp.stop();
});

beforeEach(() => {
  provider.requests.length = 0;
  provider.reply = () => ({ json: {} });
});

const TEXT = 'Kính gửi anh/chị,\n\nTrung tâm xin thông báo: học viên Nguyễn Văn An vắng mặt buổi học lớp IELTS 6.5 lúc 18:00 ngày 05/03/2025.';

const message = (overrides: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
  recipient: '0912 345 678',
  subject: 'Thông báo vắng học: Nguyễn Văn An',
  text: TEXT,
  kind: 'absence',
  templateData: { student_name: 'Nguyễn Văn An', class_name: 'IELTS 6.5', date: '05/03/2025', time: '18:00' },
  trackingId: 'msg-123',
  ...overrides,
});

/** The error `promise` fails with. */
async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('the send succeeded');
}

const TEMPLATES = { absence: '231001', absence_correction: '231002' };
const zalo = (timeoutMs?: number) => createZaloSender({ accessToken: 'oa-token-abc', url: provider.url('/message/template'), templates: TEMPLATES, timeoutMs });
const sms = (timeoutMs?: number) =>
  createSmsSender({ apiKey: 'api-key-1', secretKey: 'secret-key-1', brandname: 'TRUNGTAM', url: provider.url('/sms/send'), timeoutMs });
const znsAnswer = (error: number, text: string): ProviderReply => ({ json: { error, message: text } });
const smsAnswer = (code: string, text: string): ProviderReply => ({ json: { CodeResult: code, ErrorMessage: text } });

describe('Zalo ZNS', () => {
  it('posts the template message with the access token header and the 84-prefixed phone, and returns its msg_id', async () => {
    provider.reply = () => ({ json: { error: 0, message: 'Success', data: { msg_id: 'a1b2c3', sent_time: '1741170000000' } } });
    await expect(zalo().send(message())).resolves.toEqual({ providerId: 'a1b2c3' });
    expect(provider.requests).toHaveLength(1);
    const [request] = provider.requests;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/message/template');
    expect(request.headers.access_token).toBe('oa-token-abc');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.body).toEqual({
      phone: '84912345678',
      template_id: '231001',
      template_data: { student_name: 'Nguyễn Văn An', class_name: 'IELTS 6.5', date: '05/03/2025', time: '18:00' },
      tracking_id: 'msg-123',
    });
  });

  it('takes the template of the message kind', async () => {
    provider.reply = () => ({ json: { error: 0, message: 'Success', data: { msg_id: 'x' } } });
    await zalo().send(message({ kind: 'absence_correction', recipient: '+84 912.345.678' }));
    expect(provider.requests[0].body).toMatchObject({ template_id: '231002', phone: '84912345678' });
  });

  it.each([
    [-108, 'Phone number invalid'],
    [-118, 'Zalo account not existed'],
    [-119, 'Account can not receive message'],
    [-131, 'Template not approved'],
  ])('error %i is permanent, with the provider message as its reason', async (code, text) => {
    provider.reply = () => znsAnswer(code, text);
    const error = await failure(zalo().send(message()));
    expect(error).toBeInstanceOf(PermanentChannelError);
    expect(error.message).toBe(`Zalo ZNS: lỗi ${code} (${text})`);
  });

  it.each([
    [-124, 'Access token invalid'],
    [-115, 'Out of quota'],
    [-100, 'Unknown error'],
  ])('error %i (token, quota, server) is transient', async (code, text) => {
    provider.reply = () => znsAnswer(code, text);
    const error = await failure(zalo().send(message()));
    expect(error).not.toBeInstanceOf(PermanentChannelError);
    expect(error.message).toBe(`Zalo ZNS: lỗi ${code} (${text})`);
  });

  it('a kind without a template is permanent, and nothing is posted', async () => {
    const error = await failure(zalo().send(message({ kind: 'low_balance' })));
    expect(error).toBeInstanceOf(PermanentChannelError);
    expect(error.message).toBe('Chưa có mẫu ZNS cho loại tin low_balance');
    expect(provider.requests).toHaveLength(0);
  });

  it('an invalid phone number is permanent, nothing is posted, and the reason does not repeat the number', async () => {
    const error = await failure(zalo().send(message({ recipient: '0123 456 78' })));
    expect(error).toBeInstanceOf(PermanentChannelError);
    expect(error.message).not.toContain('0123');
    expect(provider.requests).toHaveLength(0);
  });

  it('a phone number the provider echoes in its message stays out of the reason', async () => {
    provider.reply = () => znsAnswer(-108, 'Phone number 84912345678 invalid');
    const error = await failure(zalo().send(message()));
    expect(error.message).not.toMatch(/912345678/);
    expect(error.message).toContain('Phone number');
  });
});

describe('SMS (eSMS.vn JSON API)', () => {
  it('posts the keys, the national phone, the text, the brandname, type 2, Unicode for Vietnamese and the request id, and returns the SMSID', async () => {
    provider.reply = () => ({ json: { CodeResult: '100', CountRegenerate: 0, SMSID: 'e1f2-99' } });
    await expect(sms().send(message({ recipient: '+84 912 345 678' }))).resolves.toEqual({ providerId: 'e1f2-99' });
    const [request] = provider.requests;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/sms/send');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.body).toEqual({
      ApiKey: 'api-key-1',
      SecretKey: 'secret-key-1',
      Phone: '0912345678',
      Content: TEXT,
      Brandname: 'TRUNGTAM',
      SmsType: '2',
      IsUnicode: '1',
      RequestId: 'msg-123',
    });
  });

  it('an ASCII text goes as IsUnicode "0"', async () => {
    provider.reply = () => ({ json: { CodeResult: '100', SMSID: '1' } });
    await sms().send(message({ text: 'Hoc vien An vang mat buoi hoc 18:00 ngay 05/03/2025.' }));
    expect(provider.requests[0].body).toMatchObject({ IsUnicode: '0', Content: 'Hoc vien An vang mat buoi hoc 18:00 ngay 05/03/2025.' });
  });

  it('a text over 459 characters is cut at a word boundary with an ellipsis', async () => {
    provider.reply = () => ({ json: { CodeResult: '100', SMSID: '1' } });
    const long = Array.from({ length: 80 }, (_, i) => `buổi${i}`).join(' ');
    await sms().send(message({ text: long }));
    const content = (provider.requests[0].body as { Content: string }).Content;
    expect(content).toBe(smsContent(long));
    expect([...content].length).toBeLessThanOrEqual(SMS_MAX_LENGTH);
    expect(content.endsWith('…')).toBe(true);
    const kept = content.slice(0, -1);
    expect(long.startsWith(kept)).toBe(true);
    expect(long[kept.length]).toBe(' ');
  });

  it('an ASCII text cut ends with "..." and stays ASCII; a short text is left whole', () => {
    const long = 'word '.repeat(200);
    const cut = smsContent(long);
    expect(cut.endsWith('word...')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(SMS_MAX_LENGTH);
    expect(smsContent(TEXT)).toBe(TEXT);
  });

  it.each([
    ['99', 'Phone number is blocked'],
    ['108', 'Phone number is not in correct format'],
  ])('code %s is permanent, with ErrorMessage as its reason', async (code, text) => {
    provider.reply = () => smsAnswer(code, text);
    const error = await failure(sms().send(message()));
    expect(error).toBeInstanceOf(PermanentChannelError);
    expect(error.message).toBe(`SMS: lỗi ${code} (${text})`);
  });

  it.each([
    ['101', 'Incorrect ApiKey or SecretKey'],
    ['103', 'Not enough balance'],
    ['104', 'Brandname does not exist'],
  ])('code %s (keys, balance, brandname) is transient', async (code, text) => {
    provider.reply = () => smsAnswer(code, text);
    const error = await failure(sms().send(message()));
    expect(error).not.toBeInstanceOf(PermanentChannelError);
    expect(error.message).toBe(`SMS: lỗi ${code} (${text})`);
  });

  it('a request id already accepted (124, an earlier attempt went through) counts as sent', async () => {
    provider.reply = () => smsAnswer('124', 'Duplicate RequestId');
    await expect(sms().send(message())).resolves.toEqual({});
  });

  it('an invalid phone number is permanent and nothing is posted', async () => {
    const error = await failure(sms().send(message({ recipient: 'abc' })));
    expect(error).toBeInstanceOf(PermanentChannelError);
    expect(provider.requests).toHaveLength(0);
  });
});

describe('the providers over HTTP', () => {
  it.each([
    [400, true],
    [401, false],
    [403, false],
    [429, false],
    [500, false],
    [503, false],
  ])('HTTP %i: permanent %s', async (status, permanent) => {
    provider.reply = () => ({ status, json: { error: 'refused' } });
    for (const sender of [zalo(), sms()]) {
      const error = await failure(sender.send(message()));
      expect(error instanceof PermanentChannelError).toBe(permanent);
      expect(error.message).toContain(`HTTP ${status}`);
    }
  });

  it.each([
    ['does not answer', { hang: true } as const],
    ['stops in the middle of its answer', { stall: true } as const],
  ])('a provider that %s fails the send at the deadline, as transient', async (_what, reply) => {
    provider.reply = () => reply;
    for (const sender of [zalo(200), sms(200)]) {
      const error = await failure(sender.send(message()));
      expect(error).not.toBeInstanceOf(PermanentChannelError);
      expect(error.message).toMatch(/không có phản hồi trong 0.2 giây$/);
    }
  });

  it('an answer that never ends is cut at 64 KB, as transient', async () => {
    provider.reply = () => ({ endless: true });
    for (const sender of [zalo(), sms()]) {
      const error = await failure(sender.send(message()));
      expect(error).not.toBeInstanceOf(PermanentChannelError);
      expect(error.message).toMatch(/phản hồi quá 64 KB$/);
    }
  });

  it('an answer that is not JSON, or not of the provider shape, is transient', async () => {
    provider.reply = () => ({ text: '<html>Bad gateway</html>' });
    expect((await failure(zalo().send(message()))).message).toBe('Zalo ZNS: phản hồi không phải JSON');
    provider.reply = () => ({ json: { ok: true } });
    const errors = [await failure(zalo().send(message())), await failure(sms().send(message()))];
    expect(errors.map((error) => error.message)).toEqual(['Zalo ZNS: phản hồi không đúng dạng', 'SMS: phản hồi không đúng dạng']);
    expect(errors.some((error) => error instanceof PermanentChannelError)).toBe(false);
  });

  it('a provider that is down is transient; back on the same port, the send goes through', async () => {
    await provider.stop();
    try {
      const error = await failure(zalo().send(message()));
      expect(error).not.toBeInstanceOf(PermanentChannelError);
      // refused, or the pooled connection found closed: either way, no answer
      expect(error.message).toMatch(/^Zalo ZNS: không kết nối được \((ECONNREFUSED|UND_ERR_SOCKET)\)$/);
    } finally {
      await provider.start();
    }
    provider.reply = () => ({ json: { error: 0, message: 'Success', data: { msg_id: 'back' } } });
    await expect(zalo().send(message())).resolves.toEqual({ providerId: 'back' });
  });
});

describe('e-mail', () => {
  const PDF = Buffer.from('%PDF-1.4\n% biên lai\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
  const attachments = [
    { filename: 'bien-lai-0001.pdf', content: PDF, contentType: 'application/pdf' },
    { filename: 'Biên lai tháng 3.pdf', content: Buffer.from([0, 1, 2, 250, 255]), contentType: 'application/pdf' },
  ];

  it('reaches the SMTP server with its attachments, under a Message-ID made of the tracking id', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, outboxDir: os.tmpdir(), logMailText: false, log: () => {} });
    const sent = await createEmailSender(mailer).send(message({ recipient: 'phuhuynh.an@example.vn', attachments }));
    expect(sent).toEqual({ providerId: '<msg-123@trungtam.vn>' });
    const [mail] = smtp.to('phuhuynh.an@example.vn');
    expect(mail.subject).toBe('Thông báo vắng học: Nguyễn Văn An');
    expect(mail.text).toBe(TEXT);
    expect(mail.messageId).toBe('<msg-123@trungtam.vn>');
    expect(mail.attachments.map(({ filename, contentType, content }) => ({ filename, contentType, content }))).toEqual(attachments);
  });

  it('without SMTP, the outbox file is a multipart/mixed mail with the attachments in base64', async () => {
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    try {
      const mailer = createMailer({ outboxDir, logMailText: false, log: () => {} });
      const sent = await createEmailSender(mailer).send(message({ recipient: 'phuhuynh.an@example.vn', attachments }));
      const [file] = fs.readdirSync(outboxDir);
      expect(sent).toEqual({ providerId: file });
      const raw = fs.readFileSync(path.join(outboxDir, file), 'latin1');
      expect(raw).toMatch(/^Content-Type: multipart\/mixed; boundary="[^"]+"\r$/m);
      expect(raw).toContain(`Content-Transfer-Encoding: base64\r\nContent-Disposition: attachment; filename="bien-lai-0001.pdf"\r\n\r\n${PDF.toString('base64').slice(0, 76)}\r\n`);
      const mail = parseMail(raw);
      expect(mail.subject).toBe('Thông báo vắng học: Nguyễn Văn An');
      expect(mail.text).toBe(TEXT);
      expect(mail.messageId).toBe('<msg-123@trungtam.vn>');
      expect(mail.attachments).toEqual(attachments);
    } finally {
      fs.rmSync(outboxDir, { recursive: true, force: true });
    }
  });

  it('without attachments, the outbox file stays a single text part', async () => {
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    try {
      await createEmailSender(createMailer({ outboxDir, logMailText: false, log: () => {} })).send(message({ recipient: 'phuhuynh.an@example.vn' }));
      const [file] = fs.readdirSync(outboxDir);
      const raw = fs.readFileSync(path.join(outboxDir, file), 'latin1');
      expect(raw).toContain('\r\nContent-Type: text/plain; charset=UTF-8\r\n');
      expect(raw).not.toContain('multipart');
      expect(parseMail(raw)).toMatchObject({ text: TEXT, attachments: [] });
    } finally {
      fs.rmSync(outboxDir, { recursive: true, force: true });
    }
  });
});

describe('vietnamesePhone', () => {
  it.each([
    ['0912345678', '0912345678', '84912345678'],
    ['0912 345 678', '0912345678', '84912345678'],
    ['0912.345.678', '0912345678', '84912345678'],
    ['0912-345-678', '0912345678', '84912345678'],
    ['+84 912 345 678', '0912345678', '84912345678'],
    ['+84912345678', '0912345678', '84912345678'],
    ['84912345678', '0912345678', '84912345678'],
    ['+84 (0) 912 345 678', '0912345678', '84912345678'],
    [' 0387 654 321 ', '0387654321', '84387654321'],
    ['0523456789', '0523456789', '84523456789'],
    ['0701234567', '0701234567', '84701234567'],
    ['0812345678', '0812345678', '84812345678'],
    ['024 3825 1234', '02438251234', '842438251234'],
    ['(0236) 382 1234', '02363821234', '842363821234'],
  ])('reads %j', (raw, national, international) => {
    expect(vietnamesePhone(raw)).toEqual({ national, international });
  });

  it.each([
    '',
    'abc',
    '091234567', // nine digits
    '09123456789', // eleven digits for a mobile
    '0123456789', // retired 01x prefix
    '0612345678', // no 06x mobiles
    '0412345678',
    '024382512', // a landline too short
    '+1 912 345 678',
    '+85 912 345 678',
    '0912+345678',
    '0912 345 678 ext 2',
    '0912/345/678',
    `0${'9'.repeat(40)}`,
  ])('refuses %j', (raw) => {
    expect(vietnamesePhone(raw)).toBeNull();
  });
});

describe('settings and the channels they set up', () => {
  const mailer = createMailer({ outboxDir: os.tmpdir(), logMailText: false, log: () => {} });

  it('e-mail always; Zalo with an access token; SMS with both keys (and a brandname)', () => {
    expect(configuredChannels(loadConfig({}))).toEqual(['email']);
    expect(configuredChannels(loadConfig({ ZALO_ACCESS_TOKEN: 't' }))).toEqual(['email', 'zalo']);
    const both = loadConfig({ ZALO_ACCESS_TOKEN: 't', SMS_API_KEY: 'k', SMS_SECRET_KEY: 's', SMS_BRANDNAME: 'TRUNGTAM' });
    expect(configuredChannels(both)).toEqual(['email', 'zalo', 'sms']);
    expect([...createChannels(both, mailer).entries()].map(([name, sender]) => [name, sender.channel])).toEqual([
      ['email', 'email'],
      ['zalo', 'zalo'],
      ['sms', 'sms'],
    ]);
    expect([...createChannels(loadConfig({}), mailer).keys()]).toEqual(['email']);
  });

  it('one SMS key without the other, or the keys without a brandname, is refused at start', () => {
    expect(() => loadConfig({ SMS_API_KEY: 'k' })).toThrow('SMS_API_KEY and SMS_SECRET_KEY go together');
    expect(() => loadConfig({ SMS_SECRET_KEY: 's' })).toThrow('SMS_API_KEY and SMS_SECRET_KEY go together');
    expect(() => loadConfig({ SMS_API_KEY: 'k', SMS_SECRET_KEY: 's' })).toThrow('SMS_BRANDNAME is required');
  });

  it('ZALO_TEMPLATES is a JSON object of kind → template id; the URLs default to the providers', () => {
    const config = loadConfig({ ZALO_TEMPLATES: '{"absence":"231001","low_balance":231002}' });
    expect(config.zaloTemplates).toEqual({ absence: '231001', low_balance: '231002' });
    expect(config.zaloZnsUrl).toBe('https://business.openapi.zalo.me/message/template');
    expect(config.smsUrl).toBe('https://rest.esms.vn/MainService.svc/json/SendMultipleMessage_V4_post_json/');
    expect(loadConfig({}).zaloTemplates).toEqual({});
    expect(() => loadConfig({ ZALO_TEMPLATES: 'absence=231001' })).toThrow('Invalid ZALO_TEMPLATES');
    expect(() => loadConfig({ ZALO_TEMPLATES: '["231001"]' })).toThrow('Invalid ZALO_TEMPLATES');
    expect(() => loadConfig({ ZALO_TEMPLATES: '{"absence":true}' })).toThrow('Invalid ZALO_TEMPLATES');
  });

  it('the channels built from the settings reach the providers they name', async () => {
    const config = loadConfig({
      ZALO_ACCESS_TOKEN: 'oa-token-env',
      ZALO_ZNS_URL: provider.url('/zns'),
      ZALO_TEMPLATES: JSON.stringify(TEMPLATES),
      SMS_API_KEY: 'k',
      SMS_SECRET_KEY: 's',
      SMS_BRANDNAME: 'TRUNGTAM',
      SMS_URL: provider.url('/esms'),
    });
    provider.answerInTurn({ json: { error: 0, message: 'Success', data: { msg_id: 'z-1' } } }, { json: { CodeResult: '100', SMSID: 's-1' } });
    const channels = createChannels(config, mailer);
    await expect(channels.get('zalo')?.send(message())).resolves.toEqual({ providerId: 'z-1' });
    await expect(channels.get('sms')?.send(message())).resolves.toEqual({ providerId: 's-1' });
    expect(provider.requests.map((request) => [request.path, request.headers.access_token ?? null])).toEqual([
      ['/zns', 'oa-token-env'],
      ['/esms', null],
    ]);
    expect(provider.requests[1].body).toMatchObject({ ApiKey: 'k', SecretKey: 's', Brandname: 'TRUNGTAM' });
  });
});
