/** The account page's own calls: profile (name, phone), own password change, own calendar feed. */
import { api, unwrap } from '@trungtam/shared/api';
import type { ApiData, AuthToken, ChangePasswordRequest, User } from '@trungtam/shared/contracts';

export interface ProfileUpdate {
  name: string;
  phone_number: string;
}

export function updateProfile(body: ProfileUpdate): Promise<User> {
  return unwrap(api.put<ApiData<User>>('/user/update-profile', body));
}

/** POST /user/change-password. The answer's token replaces this session's: every other session ends. */
export function changeOwnPassword(body: ChangePasswordRequest): Promise<{ result: boolean; auth?: AuthToken }> {
  return unwrap(api.post<ApiData<{ result: boolean; auth?: AuthToken }>>('/user/change-password', body));
}

export type Profile = User & { center: { center_id: number; name: string } | null };

export function getProfile(): Promise<Profile> {
  return unwrap(api.get<ApiData<Profile>>('/user/profile'));
}

/** A calendar feed's private URL (the API's GET /calendar/feed answer): whose feed it is and where calendar apps read it. */
export interface CalendarFeed {
  kind: 'user' | 'room' | 'class';
  id: number;
  name: string;
  url: string;
}

/** GET /calendar/feed: the private URL of one's own sessions. */
export function getOwnCalendarFeed(): Promise<CalendarFeed> {
  return unwrap(api.get<ApiData<CalendarFeed>>('/calendar/feed'));
}

/** POST /calendar/feed/rotate: a new URL for one's own feed; the old one stops at once. */
export function rotateOwnCalendarFeed(): Promise<CalendarFeed> {
  return unwrap(api.post<ApiData<CalendarFeed>>('/calendar/feed/rotate', {}));
}
