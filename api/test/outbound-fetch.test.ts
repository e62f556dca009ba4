/**
 * The API's own requests to URLs an administrator typed (lib/outbound-fetch): refused addresses, one
 * deadline for the whole exchange, a byte cap whatever the headers say, no redirect.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchText, isPublicAddress, OutboundRefused } from '../src/lib/outbound-fetch';

interface Upstream {
  origin: string;
  /** Requests that reached the server. */
  hits: number;
  /** Bytes the server managed to write before its client went away. */
  bytesWritten: number;
  /** Resolves when the client closed the connection. */
  closed: Promise<void>;
  close(): Promise<void>;
}

/** A local server whose every request `handle` answers. */
async function upstream(handle: (response: http.ServerResponse, state: Upstream) => void): Promise<Upstream> {
  let markClosed: () => void = () => {};
  const state: Upstream = {
    origin: '',
    hits: 0,
    bytesWritten: 0,
    closed: new Promise<void>((resolve) => (markClosed = resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((request, response) => {
    state.hits += 1;
    request.socket.on('close', markClosed);
    handle(response, state);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const closeAll = state.close;
  state.close = () => {
    server.closeAllConnections();
    return closeAll();
  };
  return state;
}

const options = (origin: string, extra: Partial<Parameters<typeof fetchText>[1]> = {}) => ({
  allowedOrigins: [origin],
  maxBytes: 1000,
  deadlineMs: 1500,
  ...extra,
});

const reasonOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(OutboundRefused);
    return (error as OutboundRefused).reason;
  }
  throw new Error('the fetch succeeded');
};

describe('fetchText', () => {
  it('reads a small answer from a listed origin', async () => {
    const server = await upstream((response) => response.end('{"shared":[]}'));
    try {
      expect(await fetchText(`${server.origin}/mf-manifest.json`, options(server.origin))).toBe('{"shared":[]}');
    } finally {
      await server.close();
    }
  });

  it('refuses loopback, private and link-local addresses that are not listed, before connecting', async () => {
    const server = await upstream((response) => response.end('secret'));
    try {
      expect(await reasonOf(fetchText(`${server.origin}/`, options('http://other.example')))).toMatch(/not a public address/);
      expect(server.hits).toBe(0);
      for (const url of ['http://169.254.169.254/latest/meta-data/', 'http://10.1.2.3/', 'http://[::1]:9/', 'http://[::ffff:127.0.0.1]/', 'http://0.0.0.0/', 'http://localhost:9/']) {
        expect(await reasonOf(fetchText(url, options('http://other.example')))).toMatch(/not a public address/);
      }
    } finally {
      await server.close();
    }
    expect(isPublicAddress('93.184.216.34')).toBe(true);
    expect(isPublicAddress('2606:2800:220:1:248:1893:25c8:1946')).toBe(true);
    for (const address of ['127.0.0.1', '10.0.0.1', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', 'fe80::1', 'fd00::1', '::1', '::ffff:10.0.0.1']) {
      expect(isPublicAddress(address)).toBe(false);
    }
  });

  it('stops reading a chunked answer at the byte cap, with no Content-Length to warn it', async () => {
    const server = await upstream((response, state) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      // endless: only the client going away stops it
      const pump = () => {
        while (!response.destroyed && response.write(chunk)) state.bytesWritten += chunk.length;
        if (!response.destroyed) response.once('drain', pump);
      };
      pump();
    });
    try {
      expect(await reasonOf(fetchText(`${server.origin}/`, options(server.origin, { maxBytes: 100_000 })))).toMatch(/body over 100000 bytes/);
      await server.closed;
      // what was written went into socket buffers; nothing near an endless answer
      expect(server.bytesWritten).toBeLessThan(20 * 1024 * 1024);
    } finally {
      await server.close();
    }
  });

  it('refuses a declared Content-Length over the cap without reading it', async () => {
    const server = await upstream((response) => {
      response.writeHead(200, { 'content-length': '5000000' });
      response.write('x');
    });
    try {
      expect(await reasonOf(fetchText(`${server.origin}/`, options(server.origin)))).toMatch(/Content-Length 5000000/);
    } finally {
      await server.close();
    }
  });

  it('keeps one deadline for headers and body: a server sending a byte a second is cut off', async () => {
    const server = await upstream((response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      const timer = setInterval(() => (response.destroyed ? clearInterval(timer) : response.write('x')), 200);
    });
    try {
      expect(await reasonOf(fetchText(`${server.origin}/`, options(server.origin, { deadlineMs: 800 })))).toMatch(/within 800 ms/);
      // the connection is closed by the deadline, not held open by the trickle
      await server.closed;
    } finally {
      await server.close();
    }
  });

  it('refuses other statuses and redirects, and schemes other than http(s)', async () => {
    const server = await upstream((response) => response.writeHead(302, { location: 'http://169.254.169.254/' }).end());
    try {
      expect(await reasonOf(fetchText(`${server.origin}/`, options(server.origin)))).toBe('HTTP 302');
      expect(await reasonOf(fetchText('file:///etc/passwd', options(server.origin)))).toMatch(/scheme/);
    } finally {
      await server.close();
    }
  });
});
