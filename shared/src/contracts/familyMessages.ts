/** HTTP contract of guardians and messages to families. Change with the API's schemas. */
import type { Static } from 'typebox';
import type {
  FamilyMessageSchema,
  FamilyMessageSettingsBody,
  FamilyMessageSettingsSchema,
  FreeMessageBody,
  FreeMessageResultSchema,
  GuardianCreateBody,
  GuardianLinkBody,
  GuardianSchema,
  GuardianUpdateBody,
  MessageListQuery,
  MessageTemplatePreviewBody,
  MessageTemplatePreviewSchema,
  MessageTemplateSchema,
  MessageTemplateUpdateBody,
} from '../schemas/familyMessages';

export * from './rules/familyMessages';

export type Guardian = Static<typeof GuardianSchema>;
export type GuardianCreateRequest = Static<typeof GuardianCreateBody>;
export type GuardianUpdateRequest = Static<typeof GuardianUpdateBody>;
export type GuardianLinkRequest = Static<typeof GuardianLinkBody>;
export type FamilyMessage = Static<typeof FamilyMessageSchema>;
export type FamilyMessageFilters = Static<typeof MessageListQuery>;
export type FreeMessageRequest = Static<typeof FreeMessageBody>;
export type FreeMessageResult = Static<typeof FreeMessageResultSchema>;
export type MessageTemplate = Static<typeof MessageTemplateSchema>;
export type MessageTemplateUpdateRequest = Static<typeof MessageTemplateUpdateBody>;
export type MessageTemplatePreviewRequest = Static<typeof MessageTemplatePreviewBody>;
export type MessageTemplatePreview = Static<typeof MessageTemplatePreviewSchema>;
export type FamilyMessageSettings = Static<typeof FamilyMessageSettingsSchema>;
export type FamilyMessageSettingsRequest = Static<typeof FamilyMessageSettingsBody>;
