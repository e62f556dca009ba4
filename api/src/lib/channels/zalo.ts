/**
 * Zalo Official Account ZNS: a template message to the Zalo account of a phone number.
 * POST <url> with the header `access_token`, body `{ phone: "849…", template_id, template_data, tracking_id }`;
 * the answer `{ error: 0, message, data: { msg_id, sent_time } }` is a success, any other `error` a failure
 * with the provider's message as its reason. Each kind of message has its own template, approved by Zalo with
 * the kind's placeholder names (ZALO_TEMPLATES): a kind without one never goes through ZNS.
 */
import { postJson, providerId, providerReason, type PostOptions } from './http';
import { vietnamesePhone } from './phone';
import { PermanentChannelError, type ChannelSender } from './types';

export const ZALO_ZNS_URL = 'https://business.openapi.zalo.me/message/template';

/**
 * The ZNS errors after which this message can never go through ZNS (the worker falls back to the next
 * channel at once), by what they concern:
 * - the recipient: -108 phone number invalid, -118 no Zalo account for it (or deactivated), -119 the account
 *   cannot receive ZNS, -114 the user is inactive, refused the message or runs an unsupported app, -110 the
 *   user's Zalo version is too old, -139 the user refused this type of ZNS;
 * - this kind's template or this message's data: -109 template id invalid, -117 the OA or app may not use
 *   the template, -131 template not approved, -111 template data empty, -112 template data invalid.
 * Every other code is transient: the application and the token (-101…-107, -124 invalid access token: a
 * configuration matter, fixed once for every message), the quota (-115 and the daily limits), the server
 * (-100 unknown error) and whatever Zalo adds later.
 */
export const ZNS_PERMANENT_ERRORS: ReadonlySet<number> = new Set([
  // the recipient
  -108, -110, -114, -118, -119, -139,
  // the template or the data
  -109, -111, -112, -117, -131,
]);

export interface ZaloOptions {
  accessToken: string;
  /** ZNS's endpoint; ZALO_ZNS_URL by default (a local recorder in the tests). */
  url?: string;
  /** The template id per message kind. */
  templates: Readonly<Record<string, string>>;
  timeoutMs?: number;
}

const PROVIDER = 'Zalo ZNS';

export function createZaloSender(options: ZaloOptions): ChannelSender {
  const url = options.url ?? ZALO_ZNS_URL;
  const post: PostOptions = { headers: { access_token: options.accessToken }, timeoutMs: options.timeoutMs };
  return {
    channel: 'zalo',
    async send(message) {
      const templateId = Object.hasOwn(options.templates, message.kind) ? options.templates[message.kind] : undefined;
      if (!templateId) throw new PermanentChannelError(`Chưa có mẫu ZNS cho loại tin ${message.kind}`);
      const phone = vietnamesePhone(message.recipient);
      if (!phone) throw new PermanentChannelError(`${PROVIDER}: số điện thoại người nhận không hợp lệ`);
      const answer = (await postJson(
        PROVIDER,
        url,
        { phone: phone.international, template_id: templateId, template_data: message.templateData, tracking_id: message.trackingId },
        post,
      )) as { error?: unknown; message?: unknown; data?: { msg_id?: unknown } } | null;
      const code = typeof answer?.error === 'number' ? answer.error : typeof answer?.error === 'string' && /^-?\d+$/.test(answer.error) ? Number(answer.error) : NaN;
      if (Number.isNaN(code)) throw new Error(`${PROVIDER}: phản hồi không đúng dạng`);
      if (code !== 0) {
        const reason = `${PROVIDER}: lỗi ${code} (${providerReason(answer?.message)})`;
        throw ZNS_PERMANENT_ERRORS.has(code) ? new PermanentChannelError(reason) : new Error(reason);
      }
      return { providerId: providerId(answer?.data?.msg_id) };
    },
  };
}
