/**
 * The guardian form: its values, its rules (the API's write schema, plus the two rules the API checks
 * beyond it, with its words and on its fields: a phone or an e-mail, and an address on the preferred
 * channel) and its request. Text fields are trimmed; an empty phone, e-mail or relationship is sent as null.
 */
import {
  ADDRESS_FORMS,
  GUARDIAN_TEXT,
  MESSAGE_CHANNEL_LABELS,
  MESSAGE_CHANNELS,
  MESSAGE_GROUP_LABELS,
  MESSAGE_GROUPS,
  type AddressForm,
  type Guardian,
  type GuardianCreateRequest,
  type MessageChannel,
  type MessageGroup,
} from '@trungtam/shared/contracts/familyMessages';
import { yupFieldFromSchema, yupFromSchema } from '@trungtam/shared/forms';
import { GuardianCreateBody } from '@trungtam/shared/schemas/familyMessages';

export interface GuardianFormValues {
  name: string;
  relationship: string;
  phone: string;
  email: string;
  preferred_channel: MessageChannel;
  address_as: AddressForm;
  opted_out: MessageGroup[];
}

export const EMPTY_GUARDIAN_FORM: GuardianFormValues = {
  name: '',
  relationship: '',
  phone: '',
  email: '',
  // e-mail is the one channel every installation sends by
  preferred_channel: 'email',
  address_as: 'anh/chị',
  opted_out: [],
};

export const CHANNEL_OPTIONS = MESSAGE_CHANNELS.map((channel) => ({ value: channel, label: MESSAGE_CHANNEL_LABELS[channel] }));
export const ADDRESS_OPTIONS = ADDRESS_FORMS.map((form) => ({ value: form, label: form }));
export const OPT_OUT_OPTIONS = MESSAGE_GROUPS.map((group) => ({ value: group, label: MESSAGE_GROUP_LABELS[group] }));

/** A channel's label; a channel this version does not know is shown as the API wrote it. */
export const channelLabel = (channel: string) => MESSAGE_CHANNEL_LABELS[channel as MessageChannel] ?? channel;

const isOneOf = <T extends string>(values: readonly T[], value: string): value is T => (values as readonly string[]).includes(value);

export function toGuardianFormValues(guardian: Guardian): GuardianFormValues {
  return {
    name: guardian.name,
    relationship: guardian.relationship ?? '',
    phone: guardian.phone ?? '',
    email: guardian.email ?? '',
    preferred_channel: isOneOf(MESSAGE_CHANNELS, guardian.preferred_channel) ? guardian.preferred_channel : EMPTY_GUARDIAN_FORM.preferred_channel,
    address_as: isOneOf(ADDRESS_FORMS, guardian.address_as) ? guardian.address_as : EMPTY_GUARDIAN_FORM.address_as,
    opted_out: MESSAGE_GROUPS.filter((group) => guardian.opted_out.includes(group)),
  };
}

const FORM_FIELDS = ['name', 'relationship', 'phone', 'email', 'preferred_channel', 'address_as', 'opted_out'] as const;
const given = (text: unknown) => typeof text === 'string' && text.trim() !== '';

/**
 * A phone or an e-mail as its write schema checks it. The form sends an empty one as null, which the
 * schema takes; Formik hands an empty field to the rules as missing, which the body's schema would call
 * required, so each is checked as a field that may be left out.
 */
const contactField = (name: 'phone' | 'email') => yupFieldFromSchema(GuardianCreateBody.properties[name], { required: false });

/**
 * The API's rules for a guardian: each field as its write schema says, then, as its service checks them, a
 * phone or an e-mail (told on the phone), and the preferred channel's address (told on the channel).
 */
export const guardianSchema = yupFromSchema(GuardianCreateBody, { fields: FORM_FIELDS }).shape({
  email: contactField('email'),
  phone: contactField('phone').test('contact', GUARDIAN_TEXT.contactRequired, function contact(phone: unknown) {
    return given(phone) || given((this.parent as GuardianFormValues).email);
  }),
  preferred_channel: yupFieldFromSchema(GuardianCreateBody.properties.preferred_channel).test('channel-address', function address(channel: unknown) {
    const { phone, email } = this.parent as GuardianFormValues;
    if (channel === 'email' && !given(email)) return this.createError({ message: GUARDIAN_TEXT.channelNeedsEmail });
    if (channel !== 'email' && !given(phone)) return this.createError({ message: GUARDIAN_TEXT.channelNeedsPhone });
    return true;
  }),
});

const orNull = (text: string) => text.trim() || null;

/** POST /learning/guardian/create (update adds the guardian's id). */
export function toGuardianRequest(studentId: number, values: GuardianFormValues): GuardianCreateRequest {
  return {
    student_id: studentId,
    name: values.name.trim(),
    relationship: orNull(values.relationship),
    phone: orNull(values.phone),
    email: orNull(values.email),
    preferred_channel: values.preferred_channel,
    address_as: values.address_as,
    opted_out: MESSAGE_GROUPS.filter((group) => values.opted_out.includes(group)),
  };
}
