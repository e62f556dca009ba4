/**
 * Loading, empty and failed states of a list (a table's row, or a notice for a list of cards): a spinner
 * while loading, 'Không có dữ liệu' when empty, and when the list could not be loaded a notice with a
 * retry button (list errors raise no toast, but the user must be able to tell a
 * failure from an empty list). The notice is plain elements styled as the kit's (stateNotice.css): a
 * list draws it first, before its records. (A table of the kit's own takes it as a row: TableState.tsx.)
 */
import './button.css';
import './spinner.css';
import './stateNotice.css';

export const TABLE_TEXTS = {
  loading: 'Đang tải...',
  empty: 'Không có dữ liệu',
  failed: 'Không tải được dữ liệu. Vui lòng kiểm tra kết nối và thử lại.',
  retry: 'Thử lại',
} as const;

export interface StateNoticeProps {
  loading: boolean;
  /** Number of records shown; the empty notice appears at 0 once loaded. */
  rowCount: number;
  /** The list could not be loaded (and nothing is shown). */
  failed?: boolean;
  onRetry?: () => void;
  /** What the empty notice says (default: 'Không có dữ liệu'). */
  emptyText?: string;
}

/** Whether a list shows a state (loading, failed, empty) rather than its records alone. */
export function showsListState({ loading, rowCount, failed = false }: Pick<StateNoticeProps, 'loading' | 'rowCount' | 'failed'>): boolean {
  return loading || failed || rowCount === 0;
}

/**
 * The loading, failed or empty notice of a list that is not a table (cards, say); nothing once there is
 * something to show.
 */
export function StateNotice({ loading, rowCount, failed = false, onRetry, emptyText = TABLE_TEXTS.empty }: StateNoticeProps) {
  if (!showsListState({ loading, rowCount, failed })) return null;
  return (
    <div className="state-notice" role={loading ? 'status' : failed ? 'alert' : undefined}>
      {loading ? (
        <>
          <span className="kit-spinner" aria-hidden="true" />
          <p>{TABLE_TEXTS.loading}</p>
        </>
      ) : failed ? (
        <>
          <p className="state-notice__error">{TABLE_TEXTS.failed}</p>
          {onRetry && (
            <button type="button" className="kit-button kit-button--outline" onClick={onRetry}>
              {TABLE_TEXTS.retry}
            </button>
          )}
        </>
      ) : (
        <p>{emptyText}</p>
      )}
    </div>
  );
}

