/**
 * The channels to families this deployment can send through: e-mail always (SMTP, or the outbox folder),
 * Zalo ZNS when ZALO_ACCESS_TOKEN is set, SMS when SMS_API_KEY and SMS_SECRET_KEY are. Each sender is a
 * ChannelSender (types.ts): it resolves once the provider took the message, throws PermanentChannelError when
 * the message can never go on that channel, and any other error when a later attempt may succeed.
 */
import type { AppConfig } from '../../config';
import type { Mailer } from '../mailer';
import { createEmailSender } from './email';
import { createSmsSender } from './sms';
import type { ChannelName, ChannelSender } from './types';
import { createZaloSender } from './zalo';

export { PermanentChannelError, type ChannelName, type ChannelSender, type OutgoingMessage } from './types';
export { vietnamesePhone, type VietnamesePhone } from './phone';
export { createEmailSender } from './email';
export { createZaloSender, ZNS_PERMANENT_ERRORS, type ZaloOptions } from './zalo';
export { createSmsSender, smsContent, SMS_MAX_LENGTH, SMS_PERMANENT_CODES, type SmsOptions } from './sms';
export { PROVIDER_TIMEOUT_MS, MAX_ANSWER_BYTES } from './http';

export type ChannelConfig = Pick<
  AppConfig,
  'zaloAccessToken' | 'zaloZnsUrl' | 'zaloTemplates' | 'smsApiKey' | 'smsSecretKey' | 'smsUrl' | 'smsBrandname'
>;

/** The channels `config` sets up, in the order email, zalo, sms. */
export function configuredChannels(config: ChannelConfig): ChannelName[] {
  const names: ChannelName[] = ['email'];
  if (config.zaloAccessToken) names.push('zalo');
  if (config.smsApiKey && config.smsSecretKey) names.push('sms');
  return names;
}

/** A sender per configured channel; `timeoutMs` bounds each provider request (10 s by default). */
export function createChannels(config: ChannelConfig, mailer: Mailer, options: { timeoutMs?: number } = {}): Map<ChannelName, ChannelSender> {
  const { timeoutMs } = options;
  const sender = (name: ChannelName): ChannelSender => {
    switch (name) {
      case 'email':
        return createEmailSender(mailer);
      case 'zalo':
        return createZaloSender({ accessToken: config.zaloAccessToken ?? '', url: config.zaloZnsUrl, templates: config.zaloTemplates, timeoutMs });
      case 'sms':
        return createSmsSender({ apiKey: config.smsApiKey ?? '', secretKey: config.smsSecretKey ?? '', brandname: config.smsBrandname ?? '', url: config.smsUrl, timeoutMs });
    }
  };
  return new Map(configuredChannels(config).map((name) => [name, sender(name)]));
}
