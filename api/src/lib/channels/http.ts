/**
 * One JSON POST to a message provider (Zalo ZNS, the SMS gateway), its answer taken as hostile:
 * - one deadline (10 s by default) for the connection, the headers and the body, kept by a timer of this
 *   module that aborts the request (AbortSignal.timeout's own timer can be collected and lost: undici#4068);
 * - at most 64 KB of body read: past it the stream is cancelled, whatever Content-Length says or not;
 * - no redirect followed (the body holds a phone number and, for SMS, the keys);
 * - status: 2xx is read; 400 is this request refused for good (PermanentChannelError); anything else,
 *   401 and 403 (the keys, a configuration matter) included, is transient.
 * Errors name the provider and the reason only: never the URL's secrets, the phone number or the text.
 */
import { PermanentChannelError } from './types';

export const PROVIDER_TIMEOUT_MS = 10_000;
export const MAX_ANSWER_BYTES = 64 * 1024;

export interface PostOptions {
  headers?: Record<string, string>;
  timeoutMs?: number;
}

/** A provider's own reason on one line, at most 200 characters, without a run of 9 digits or more (a phone number it may echo). */
export function providerReason(value: unknown): string {
  const text = typeof value === 'string' ? value : '';
  const line = text
    .replace(/\+?\d[\d .-]*\d/g, (run) => (run.replace(/\D/g, '').length >= 9 ? '…' : run))
    .replace(/\s+/g, ' ')
    .trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line || 'không rõ lý do';
}

/** The provider's id of an accepted message, as text of at most 100 characters; undefined when it gave none. */
export function providerId(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  return String(value).slice(0, 100) || undefined;
}

/** The network failure's code (ECONNREFUSED, ENOTFOUND, …) from fetch's error. */
function networkCode(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  return providerReason(error instanceof Error ? error.message : String(error));
}

async function readCapped(response: Response, provider: string): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_ANSWER_BYTES) {
    await response.body?.cancel().catch(() => {});
    throw new Error(`${provider}: phản hồi quá ${MAX_ANSWER_BYTES / 1024} KB`);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > MAX_ANSWER_BYTES) {
      await reader.cancel().catch(() => {});
      throw new Error(`${provider}: phản hồi quá ${MAX_ANSWER_BYTES / 1024} KB`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** POSTs `body` as JSON to `url` and returns the answer's JSON; throws as the module's head says. */
export async function postJson(provider: string, url: string, body: unknown, options: PostOptions = {}): Promise<unknown> {
  const timeoutMs = options.timeoutMs ?? PROVIDER_TIMEOUT_MS;
  const controller = new AbortController();
  const deadline = setTimeout(() => controller.abort(), timeoutMs);
  const timedOut = () => new Error(`${provider}: không có phản hồi trong ${timeoutMs / 1000} giây`);
  try {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...options.headers },
        body: JSON.stringify(body),
        redirect: 'error',
        signal: controller.signal,
      });
    } catch (error) {
      if (controller.signal.aborted) throw timedOut();
      throw new Error(`${provider}: không kết nối được (${networkCode(error)})`);
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      if (response.status === 400) throw new PermanentChannelError(`${provider}: yêu cầu bị từ chối (HTTP 400)`);
      if (response.status === 401 || response.status === 403) throw new Error(`${provider}: khoá truy cập không được chấp nhận (HTTP ${response.status})`);
      throw new Error(response.status >= 500 ? `${provider}: lỗi máy chủ (HTTP ${response.status})` : `${provider}: trả lời HTTP ${response.status}`);
    }
    let text: string;
    try {
      text = await readCapped(response, provider);
    } catch (error) {
      if (controller.signal.aborted) throw timedOut();
      if (error instanceof Error && error.message.startsWith(`${provider}:`)) throw error;
      throw new Error(`${provider}: phản hồi bị ngắt (${networkCode(error)})`);
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new Error(`${provider}: phản hồi không phải JSON`);
    }
  } finally {
    clearTimeout(deadline);
  }
}
