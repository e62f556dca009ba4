/** The headers the shell, each remote and the API are served with, as a browser gets them. */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DEMO, signIn, startSuite, takeCspViolations, type Suite } from '../support/suite';

const EVIL = 'https://evil.example';

/** A Content-Security-Policy header as a map of directive → sources. */
function directives(header: string | null): Map<string, string[]> {
  assert.ok(header, 'a Content-Security-Policy header');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

describe('security headers', () => {
  let suite: Suite;
  let remoteOrigin: string;
  /** Every remote's origin, in the order of the remotes list. */
  let remoteOrigins: string[];
  let apiOrigin: string;
  before(async () => {
    suite = await startSuite();
    remoteOrigin = `http://localhost:${suite.settings.remotes[0].port}`;
    remoteOrigins = suite.settings.remotes.map((remote) => `http://localhost:${remote.port}`);
    apiOrigin = new URL(suite.apiUrl).origin;
  });
  after(async () => {
    await suite?.stop();
  });

  test('the shell’s pages carry a policy that runs only its own and its remotes’ code', async () => {
    for (const path of ['/', '/dashboard', '/assets/teachers', '/favicon.svg']) {
      const response = await fetch(`${suite.appUrl}${path}`);
      assert.equal(response.status, 200, path);
      const csp = directives(response.headers.get('content-security-policy'));
      assert.deepEqual(csp.get('default-src'), ["'self'"], path);
      assert.deepEqual(csp.get('font-src'), ["'self'", 'data:'], path);
      assert.deepEqual(csp.get('script-src'), ["'self'", ...remoteOrigins], path);
      assert.deepEqual(csp.get('connect-src'), ["'self'", apiOrigin, ...remoteOrigins], path);
      assert.deepEqual(csp.get('object-src'), ["'none'"], path);
      assert.deepEqual(csp.get('base-uri'), ["'none'"], path);
      assert.deepEqual(csp.get('frame-ancestors'), ["'none'"], path);
      assert.deepEqual(csp.get('form-action'), ["'self'"], path);
      assert.ok(!csp.has('script-src-attr') && !csp.has('script-src-elem'), 'no second script rule');
      assert.equal(response.headers.get('x-frame-options'), 'DENY', path);
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff', path);
      assert.equal(response.headers.get('referrer-policy'), 'strict-origin-when-cross-origin', path);
    }
  });

  test('the served index.html has no inline script', async () => {
    const html = await (await fetch(`${suite.appUrl}/`)).text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    assert.ok(scripts.length > 0, 'the page loads a script');
    for (const [tag, attributes, body] of scripts) {
      assert.match(attributes, /\bsrc="\/[^"]+\.js"/, `${tag} loads a file of the shell`);
      assert.equal(body.trim(), '', `${tag} has no inline code`);
    }
    assert.doesNotMatch(html, /\son[a-z]+\s*=/i, 'no inline event handler');
  });

  test('a remote answers CORS to the shell’s origin only', async () => {
    const manifest = `${remoteOrigin}/mf-manifest.json`;
    const fromShell = await fetch(manifest, { headers: { Origin: suite.appUrl } });
    assert.equal(fromShell.status, 200);
    assert.equal(fromShell.headers.get('access-control-allow-origin'), suite.appUrl);
    assert.match(fromShell.headers.get('vary') ?? '', /Origin/);
    for (const origin of [EVIL, 'null', apiOrigin]) {
      const other = await fetch(manifest, { headers: { Origin: origin } });
      assert.equal(other.status, 200, origin);
      assert.equal(other.headers.get('access-control-allow-origin'), null, `${origin} is not allowed`);
      const preflight = await fetch(manifest, { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'GET' } });
      assert.equal(preflight.headers.get('access-control-allow-origin'), null, `${origin}'s preflight is not allowed`);
    }
    const withoutOrigin = await fetch(manifest);
    assert.equal(withoutOrigin.headers.get('access-control-allow-origin'), null);
  });

  test('a remote’s own files are not framed and sniffed, and its standalone page runs only its own code', async () => {
    for (const path of ['/', '/mf-manifest.json', '/remoteEntry.js']) {
      const response = await fetch(`${remoteOrigin}${path}`);
      assert.equal(response.status, 200, path);
      const csp = directives(response.headers.get('content-security-policy'));
      assert.deepEqual(csp.get('script-src'), ["'self'"], path);
      assert.deepEqual(csp.get('connect-src'), ["'self'", apiOrigin], path);
      assert.deepEqual(csp.get('frame-ancestors'), ["'none'"], path);
      assert.deepEqual(csp.get('object-src'), ["'none'"], path);
      assert.deepEqual(csp.get('base-uri'), ["'none'"], path);
      assert.equal(response.headers.get('x-frame-options'), 'DENY', path);
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff', path);
      assert.equal(response.headers.get('referrer-policy'), 'strict-origin-when-cross-origin', path);
    }
  });

  test('the API answers CORS to the shell’s origin only, with its JSON policy', async () => {
    const url = `${suite.apiUrl}/auth/login`;
    const preflight = (origin: string) =>
      fetch(url, { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' } });
    assert.equal((await preflight(suite.appUrl)).headers.get('access-control-allow-origin'), suite.appUrl);
    for (const origin of [EVIL, 'null', remoteOrigin]) {
      assert.equal((await preflight(origin)).headers.get('access-control-allow-origin'), null, `${origin}'s preflight is not allowed`);
    }
    const health = await fetch(`${apiOrigin}/health`, { headers: { Origin: EVIL } });
    assert.equal(health.headers.get('access-control-allow-origin'), null);
    assert.equal(health.headers.get('content-security-policy'), "default-src 'none';frame-ancestors 'none'");
    assert.equal(health.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(health.headers.get('strict-transport-security'), null, 'no HSTS over plain http');
  });

  test('the shell runs its remote under the policy, and the policy refuses an inline script', async () => {
    const { context, page } = await suite.newPage();
    await signIn(suite, page, DEMO.admin);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Teachers' }).click();
    await page.waitForURL(`${suite.appUrl}/assets/teachers`);
    await page.getByRole('row').nth(1).waitFor();
    assert.deepEqual(takeCspViolations(), [], 'nothing refused while the shell and its remote run');

    // what an injected script would meet: refused, and reported (so the other tests' silence means something)
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'document.body.dataset.injected = "ran"';
      document.head.append(script);
      return document.body.dataset.injected === 'ran';
    });
    assert.equal(ran, false, 'the inline script did not run');
    await page.waitForTimeout(500);
    await context.close();
    const refused = takeCspViolations();
    assert.ok(refused.some((line) => /script-src/.test(line)), `the refusal was reported: ${refused.join(' | ')}`);
  });
});
