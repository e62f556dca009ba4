/**
 * SMS through an HTTP gateway shaped as eSMS.vn's JSON API: POST <url> with
 * `{ ApiKey, SecretKey, Phone: "09…", Content, Brandname, SmsType: "2", IsUnicode, RequestId }` (SmsType 2: a
 * customer-care message under the operator's registered brandname). `CodeResult` "100" is accepted (its
 * `SMSID` is the provider's id), any other code a failure with `ErrorMessage` as its reason.
 *
 * The text is plain and at most 459 characters (three concatenated parts); a longer one is cut at a word
 * boundary and ends with an ellipsis. IsUnicode is "1" when the text has a character outside ASCII
 * (Vietnamese with its diacritics), "0" otherwise; an ASCII text cut ends with "..." so that it stays ASCII.
 * RequestId is the message's tracking id, the same on every attempt: the gateway answers a repeated one
 * with code 124, which means an earlier attempt was accepted, so it counts as sent.
 */
import { postJson, providerId, providerReason, type PostOptions } from './http';
import { vietnamesePhone } from './phone';
import { PermanentChannelError, type ChannelSender } from './types';

export const ESMS_URL = 'https://rest.esms.vn/MainService.svc/json/SendMultipleMessage_V4_post_json/';
export const SMS_MAX_LENGTH = 459;

/** CodeResult of an accepted message, and of a RequestId already accepted (an earlier attempt went through). */
const ACCEPTED = '100';
const DUPLICATE_REQUEST = '124';

/**
 * The codes after which this message can never go by SMS: 99 the number is blocked at the gateway, 108 the
 * number's format is refused, 177 the recipient's network has not registered the brandname, 146 the text
 * matches none of the brandname's customer-care templates. Every other code is transient: the keys (101), the
 * balance (103), the brandname itself (104, a configuration matter fixed once for every message) and the
 * gateway's own errors.
 */
export const SMS_PERMANENT_CODES: ReadonlySet<string> = new Set(['99', '108', '146', '177']);

export interface SmsOptions {
  apiKey: string;
  secretKey: string;
  brandname: string;
  /** The gateway's endpoint; ESMS_URL by default (a local recorder in the tests). */
  url?: string;
  timeoutMs?: number;
}

const PROVIDER = 'SMS';

const isAscii = (text: string) => /^[\x00-\x7f]*$/.test(text);

/** The text as one SMS carries it: NFC, no control characters but line breaks, at most SMS_MAX_LENGTH characters. */
export function smsContent(text: string): string {
  const plain = text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/[\x00-\x09\x0b-\x1f\x7f]/g, ' ')
    .trim();
  const characters = [...plain];
  if (characters.length <= SMS_MAX_LENGTH) return plain;
  const ellipsis = isAscii(plain) ? '...' : '…';
  let kept = characters.slice(0, SMS_MAX_LENGTH - ellipsis.length + 1).join('');
  // the last space within the part kept (its final character only shows whether a word was cut there);
  // a word longer than half the text (a link) is cut where the length ends
  const lastSpace = kept.search(/\s\S*$/);
  kept = lastSpace > kept.length / 2 ? kept.slice(0, lastSpace) : [...kept].slice(0, -1).join('');
  return `${kept.trimEnd()}${ellipsis}`;
}

export function createSmsSender(options: SmsOptions): ChannelSender {
  const url = options.url ?? ESMS_URL;
  const post: PostOptions = { timeoutMs: options.timeoutMs };
  return {
    channel: 'sms',
    async send(message) {
      const phone = vietnamesePhone(message.recipient);
      if (!phone) throw new PermanentChannelError(`${PROVIDER}: số điện thoại người nhận không hợp lệ`);
      const content = smsContent(message.text);
      const answer = (await postJson(
        PROVIDER,
        url,
        {
          ApiKey: options.apiKey,
          SecretKey: options.secretKey,
          Phone: phone.national,
          Content: content,
          Brandname: options.brandname,
          SmsType: '2',
          IsUnicode: isAscii(content) ? '0' : '1',
          RequestId: message.trackingId,
        },
        post,
      )) as { CodeResult?: unknown; ErrorMessage?: unknown; SMSID?: unknown } | null;
      const code = typeof answer?.CodeResult === 'string' || typeof answer?.CodeResult === 'number' ? String(answer.CodeResult) : '';
      if (code === ACCEPTED) return { providerId: providerId(answer?.SMSID) };
      if (code === DUPLICATE_REQUEST) return {};
      if (!code) throw new Error(`${PROVIDER}: phản hồi không đúng dạng`);
      const reason = `${PROVIDER}: lỗi ${code} (${providerReason(answer?.ErrorMessage)})`;
      throw SMS_PERMANENT_CODES.has(code) ? new PermanentChannelError(reason) : new Error(reason);
    },
  };
}
