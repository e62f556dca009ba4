/**
 * What every channel to families (e-mail, Zalo ZNS, SMS) takes and how it fails. A send either resolves (the
 * provider accepted the message), throws a PermanentChannelError (this message can never go on this
 * channel: the worker tries the next channel at once), or throws any other error (transient: retried on
 * the same channel after a backoff). An error's message is the reason shown to staff and written to the
 * log: it never holds the recipient or the text.
 */

export type ChannelName = 'email' | 'zalo' | 'sms';

export interface OutgoingMessage {
  /** e-mail address for email; a Vietnamese phone number (as staff typed it) for zalo and sms */
  recipient: string;
  subject: string;
  /** the rendered plain text (SMS sends this; e-mail body) */
  text: string;
  /** the message kind: absence, absence_correction, low_balance, schedule_change, payment_due, payment_overdue, receipt, reminder, free */
  kind: string;
  /** the template's placeholder values (ZNS sends these as template_data) */
  templateData: Record<string, string>;
  /** unique per message row and attempt-independent, e.g. "msg-123": the provider's tracking/request id so that a retry is recognisable */
  trackingId: string;
  /** files the channel can carry (e-mail only; others ignore them) */
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
}

export interface ChannelSender {
  readonly channel: ChannelName;
  send(message: OutgoingMessage): Promise<{ providerId?: string }>;
}

/** The provider refused this message for good (invalid number, template not approved, no Zalo account): retrying on this channel is useless; the worker falls back to the next channel at once. Other errors are transient (retried with backoff). */
export class PermanentChannelError extends Error {
  override name = 'PermanentChannelError';
}
