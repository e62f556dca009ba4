/**
 * The API's own requests to URLs an administrator typed (the release call's mf-manifest.json). The target
 * is hostile until checked:
 * - its address: loopback, private, link-local (169.254.169.254, the cloud's metadata), unique-local and
 *   every other non-public range are refused unless the operator listed the origin; the connection goes to
 *   the very address that was checked, so a second DNS answer cannot swap it (DNS rebinding);
 * - one deadline for the lookup, the connection, the headers and the body, kept by a timer of its own that
 *   destroys the socket (undici's AbortSignal.timeout can be collected and lost: undici#4068);
 * - the bytes: the body is read up to a cap and the socket destroyed past it, whatever Content-Length says
 *   or does not say (a chunked answer);
 * - no redirect is followed.
 * Every failure is an OutboundRefused whose `reason` is for the log only: callers answer one neutral text.
 */
import http from 'node:http';
import https from 'node:https';
import { lookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

export interface OutboundOptions {
  /** Origins (`scheme://host[:port]`) fetched whatever their address. */
  allowedOrigins: readonly string[];
  /** Bytes of body read at most. */
  maxBytes: number;
  /** Milliseconds for everything, from the lookup to the body's last byte. */
  deadlineMs: number;
}

/** Why a fetch failed, for the log; never sent to the caller. */
export class OutboundRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'OutboundRefused';
  }
}

/** Whether `address` is a public unicast address (not loopback, private, link-local, reserved, …). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

/** The origin of `url` as the allow-list compares it (lower case host, default port dropped). */
export const originOf = (url: string) => new URL(url).origin;

/** The addresses `hostname` resolves to, the first one that may be fetched; refused when any is not public. */
async function checkedAddress(hostname: string, listed: boolean): Promise<{ address: string; family: number }> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  const addresses = ipaddr.isValid(bare) ? [{ address: bare, family: bare.includes(':') ? 6 : 4 }] : await lookup(bare, { all: true, verbatim: true });
  if (addresses.length === 0) throw new OutboundRefused(`no address for ${hostname}`);
  if (!listed) {
    const inner = addresses.find((entry) => !isPublicAddress(entry.address));
    if (inner) throw new OutboundRefused(`${hostname} resolves to ${inner.address}, not a public address, and its origin is not listed`);
  }
  return addresses[0];
}

/** The body of `url` as text (UTF-8) when it answers 200 within the options' deadline and byte cap. */
export async function fetchText(url: string, options: OutboundOptions): Promise<string> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new OutboundRefused('not a URL');
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new OutboundRefused(`scheme ${target.protocol}`);
  const listed = options.allowedOrigins.includes(target.origin);

  return new Promise<string>((resolve, reject) => {
    let request: http.ClientRequest | undefined;
    let done = false;
    const finish = (error: Error | null, text?: string) => {
      if (done) return;
      done = true;
      clearTimeout(deadline);
      request?.destroy();
      if (error) reject(error instanceof OutboundRefused ? error : new OutboundRefused(error.message));
      else resolve(text ?? '');
    };
    const deadline = setTimeout(() => finish(new OutboundRefused(`no complete answer within ${options.deadlineMs} ms`)), options.deadlineMs);

    checkedAddress(target.hostname, listed).then(({ address, family }) => {
      if (done) return;
      // connect to the checked address, whatever a later lookup would say
      const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
        if ((lookupOptions as { all?: boolean }).all) (callback as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [{ address, family }]);
        else callback(null, address, family);
      };
      const client = target.protocol === 'https:' ? https : http;
      request = client.get(target, { lookup: pinned, headers: { accept: 'application/json' }, agent: false }, (response) => {
        if (response.statusCode !== 200) return finish(new OutboundRefused(`HTTP ${response.statusCode}`));
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > options.maxBytes) return finish(new OutboundRefused(`Content-Length ${declared} over ${options.maxBytes}`));
        const chunks: Buffer[] = [];
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > options.maxBytes) return finish(new OutboundRefused(`body over ${options.maxBytes} bytes`));
          chunks.push(chunk);
        });
        response.on('end', () => finish(null, Buffer.concat(chunks).toString('utf8')));
        response.on('error', (error) => finish(error));
        response.on('aborted', () => finish(new OutboundRefused('answer cut short')));
      });
      request.on('error', (error) => finish(error));
    }, (error: Error) => finish(error));
  });
}
