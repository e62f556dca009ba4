/**
 * The log of a whole API test run holds no secret and no personal data (ASVS 16): `npm test` runs the API
 * suite with API_TEST_LOG set (every test app then logs everything, at the lowest level, through the
 * server's own logger options), then this scan over that file.
 */
import fs from 'node:fs';

const FORBIDDEN: Record<string, RegExp> = {
  'an argon2 hash': /\$argon2(?:id|i|d)\$/,
  'a scrypt hash': /scrypt\$\d+\$\d+\$\d+\$/,
  'an access token': /eyJ[\w-]{10,}\.eyJ[\w-]{10,}\.[\w-]{10,}/,
  'a bearer header': /Bearer\s+[\w.-]{20,}/i,
  'a reset link': /reset-password\?token=/,
  'the demo password': /matkhau123/,
  'an e-mail address': /[\w.+-]+@[\w-]+\.(?:vn|com)\b/,
  'a phone number': /(?<![\d.])0\d{9}(?![\d.])/,
};

describe('the log of the API test run', () => {
  const file = process.env.API_TEST_LOG;

  it('was written, request by request', () => {
    expect(file && fs.existsSync(file)).toBeTruthy();
    const lines = fs.readFileSync(file!, 'utf8').split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(1000);
    expect(lines.filter((line) => line.includes('"incoming request"')).length).toBeGreaterThan(500);
  });

  it('holds no password, hash, token, reset link or personal data', () => {
    const lines = fs.readFileSync(file!, 'utf8').split('\n');
    const found: string[] = [];
    for (const [what, pattern] of Object.entries(FORBIDDEN)) {
      const line = lines.find((text) => pattern.test(text));
      if (line) found.push(`${what}: ${line.slice(0, 300)}`);
    }
    expect(found).toEqual([]);
  });
});
