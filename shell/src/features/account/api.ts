/** The account page's own calls: profile (name, phone), own password change (its calendar feed: the kit's CalendarFeedLink). */
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
