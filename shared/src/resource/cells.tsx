/**
 * What a list's cells are built with: lines stacked in one cell, a line in bold, a small muted note. Plain
 * elements styled by dataTable.css, not the UI kit's Stack and Text: a list draws them in every row (with
 * the kit's `Tag` for a status or a type), and the kit's styled components cost the page's script work per
 * element. A cell may still hold any of the kit's components where one row needs one.
 */
import type { ReactNode } from 'react';
import './dataTable.css';

/** Lines one under the other; `spaced` leaves a small gap between them (a text above a tag). */
export function CellLines({ spaced = false, children }: { spaced?: boolean; children: ReactNode }) {
  return <div className={spaced ? 'cell-lines cell-lines--spaced' : 'cell-lines'}>{children}</div>;
}

/** The cell's main line in bold (a name). */
export function CellStrong({ children }: { children: ReactNode }) {
  return <span className="cell-strong">{children}</span>;
}

/** A second line, small and muted (an id, a number, a date). */
export function CellNote({ children }: { children: ReactNode }) {
  return <span className="cell-note">{children}</span>;
}
