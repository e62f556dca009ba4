/**
 * E-mail as a channel: the message goes through the mailer (SMTP, or a file in the outbox without
 * SMTP_URL) with its attachments, under a Message-ID made of its tracking id, the same on every attempt.
 * The provider's id is that Message-ID (as the SMTP server was given it) or, for a file, the file's name.
 */
import path from 'node:path';
import { MAIL_DOMAIN, type Mailer } from '../mailer';
import type { ChannelSender } from './types';

/** `<tracking id@domain>`, the tracking id kept to the characters a Message-ID's left part allows. */
export const messageIdOf = (trackingId: string) => `<${trackingId.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 100)}@${MAIL_DOMAIN}>`;

export function createEmailSender(mailer: Mailer): ChannelSender {
  return {
    channel: 'email',
    async send(message) {
      const sent = await mailer.send({
        to: message.recipient,
        subject: message.subject,
        text: message.text,
        attachments: message.attachments,
        messageId: messageIdOf(message.trackingId),
      });
      return { providerId: sent.delivery === 'outbox' && sent.file ? path.basename(sent.file) : sent.messageId };
    },
  };
}
