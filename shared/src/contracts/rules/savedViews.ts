/**
 * Saved views of a list: a list's filters and sort (its URL search text) kept under a name by its owner,
 * optionally shared with the members of one role. The limits and messages the API validates with and the
 * kit's save form checks before sending. A leaf module.
 */

export const SAVED_VIEW_LIMITS = {
  /** A view's name, trimmed. */
  nameMax: 80,
  /** The saved URL search text (without '?'). */
  queryMax: 1000,
  /** A list's route path. */
  listKeyMax: 120,
  /** Views one user may own, all lists together. */
  perUser: 50,
} as const;

/** The characters a saved search text may hold: a URL's query part, percent-encoded (no '#', no spaces). */
export const SAVED_VIEW_QUERY_PATTERN = "^[A-Za-z0-9%._~!$&'()*+,;=:@/?-]*$";
/** A list's route path: '/assets/students'. */
export const SAVED_VIEW_LIST_KEY_PATTERN = '^(/[a-z0-9-]+)+$';

export const SAVED_VIEW_TEXT = {
  nameRequired: 'Tên chế độ xem không được để trống',
  nameTooLong: `Tên chế độ xem dài nhất là ${SAVED_VIEW_LIMITS.nameMax} kí tự`,
  nameTaken: 'Bạn đã có một chế độ xem cùng tên cho danh sách này',
  queryInvalid: `Bộ lọc của chế độ xem không hợp lệ (tối đa ${SAVED_VIEW_LIMITS.queryMax} kí tự của địa chỉ)`,
  listInvalid: 'Danh sách không hợp lệ',
  listForbidden: 'Bạn không có quyền mở danh sách này',
  tooMany: `Mỗi người dùng lưu được tối đa ${SAVED_VIEW_LIMITS.perUser} chế độ xem: hãy xoá bớt chế độ xem cũ`,
  shareForbidden: 'Chỉ người được xem danh sách quyền tài khoản mới chia sẻ được chế độ xem',
  roleMissing: 'Quyền tài khoản không tồn tại',
  notFound: 'Không tìm thấy chế độ xem',
  notOwner: 'Bạn chỉ được sửa hoặc xoá chế độ xem của mình',
} as const;

/** A saved view as the API answers it. */
export interface SavedView {
  id: number;
  list_key: string;
  name: string;
  /** The list's URL search text, without '?' and the page. */
  query: string;
  shared_role_id: number | null;
  shared_role_name: string | null;
  owner_id: number;
  owner_name: string;
  /** The caller's own view (they may rename, share and delete it). */
  mine: boolean;
  created_at: string;
  updated_at: string;
}

/** What a save sends. */
export interface SavedViewWrite {
  list_key: string;
  name: string;
  query: string;
  shared_role_id?: number | null;
}

/** The search text a view keeps of a list's address: its params but the page (a view opens on page 1). */
export function savedViewQuery(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('page');
  return params.toString();
}
