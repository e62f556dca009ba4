/**
 * Bulk actions on a list's rows: a bulk route takes the selected ids, or the list's filter for "all N
 * matching", and runs each row through the single-row route's checks on its own (one row refused never
 * stops the others); it answers the ids done and each refusal with its reason (schemas/builders.ts:
 * BulkBody, BulkResultBody). A leaf module, like common.ts: the schemas build on it, the contracts re-export it.
 */

/** The most rows one bulk call acts on, by ids or by filter. */
export const BULK_LIMIT = 1000;

/** How long a deleted row stays restorable ("Hoàn tác"), enforced by the API's restore routes. */
export const UNDO_WINDOW_SECONDS = 60;

/** How long the undo toast offers "Hoàn tác". */
export const UNDO_TOAST_MS = 5000;

export const BULK_TEXT = {
  ids: `ids: từ 1 đến ${BULK_LIMIT} mã, mỗi mã là số nguyên dương`,
  oneOf: 'Cần gửi đúng một trong hai: ids (các dòng đã chọn) hoặc filter (mọi dòng khớp bộ lọc)',
  tooMany: `Bộ lọc khớp hơn ${BULK_LIMIT} dòng: mỗi lần chỉ thao tác được tối đa ${BULK_LIMIT} dòng, hãy lọc hẹp hơn`,
  notFound: 'Không tồn tại hoặc đã bị xoá',
  notDeleted: 'Không có trong danh sách vừa xoá (chưa bị xoá hoặc không tồn tại)',
  undoExpired: `Đã quá thời hạn hoàn tác (${UNDO_WINDOW_SECONDS} giây sau khi xoá)`,
} as const;

/** One row a bulk action did not act on, and why (in Vietnamese). */
export interface BulkRefusal {
  id: number;
  reason: string;
}

/** The rows a bulk call acts on: the ids chosen, or every row the list's filter matches. */
export type BulkSelection = { ids: number[] } | { filter: Record<string, unknown> };

/** A bulk action's answer (`data`). */
export interface BulkResult {
  succeeded: number[];
  refused: BulkRefusal[];
}
