import { useEffect, useRef, useState } from "react";
import { styled } from "styled-components";
import { Icon } from "../../../../ui/icons";
import { NumberInput } from "../../../../ui/inputs";
import { numeric } from "../../../../ui/numeric";
import { SPACE, TYPE_SCALE } from "../../../../ui/tokens";

export interface ValueCellProps {
  /** The input's accessible name: "Revenue actual Oct 2026". */
  readonly label: string;
  readonly id: string;
  /** The stored value, raw: what the person edits. */
  readonly stored: number | null;
  /** What the person typed and has not saved yet (pending or refused). */
  readonly text: string | undefined;
  /** The value shown while the cell is not focused, formatted with its unit ("€ 160,000"); null for none. */
  readonly display: string | null;
  /** Why this cell's value was refused or not saved: shown next to the cell. */
  readonly error: string | undefined;
  /** The id of the typing rule (NUMBER_INPUT_HINT) the input is described by. */
  readonly hintId: string;
  readonly pending: boolean;
  /** An edit counts when it leaves the cell (or on Enter). */
  readonly onCommit: (text: string) => void;
  /** Whether the cell holds typed text not yet committed, for the unsaved-changes guard. */
  readonly onDraftChange: (dirty: boolean) => void;
}

/**
 * One editable value of the grid. Not focused, it shows the value formatted with its unit; focused,
 * the raw number to edit. The input always holds the raw text (the formatted value is painted over
 * it), so selecting and typing over it edits the number, never the formatting.
 */
export function ValueCell({ label, id, stored, text, display, error, hintId, pending, onCommit, onDraftChange }: ValueCellProps) {
  const shown = text ?? (stored === null ? "" : String(stored));
  const [draft, setDraft] = useState(shown);
  const [focused, setFocused] = useState(false);
  // What this cell last sent: Enter then leaving the cell is one edit, not two.
  const sent = useRef(shown);
  useEffect(() => {
    setDraft(shown);
    sent.current = shown;
  }, [shown]);
  const dirty = draft.trim() !== sent.current.trim();
  const reportDraft = useRef(onDraftChange);
  reportDraft.current = onDraftChange;
  useEffect(() => reportDraft.current(dirty), [dirty]);
  // A cell that goes away takes its draft with it.
  useEffect(() => () => reportDraft.current(false), []);
  const commit = () => {
    if (draft.trim() === sent.current.trim()) return;
    sent.current = draft;
    // Clearing a cell means removing its value.
    onCommit(draft.trim() === "" ? "-" : draft);
  };
  const errorId = `${id}-error`;
  const painted = !focused && !dirty && !error && display !== null ? display : null;
  return (
    <Cell data-painted={painted === null ? undefined : ""} data-pending={pending || undefined}>
      <div className="box">
        <NumberInput
          controlSize="sm"
          id={id}
          aria-label={label}
          value={draft}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          onChange={(event) => setDraft(event.target.value)}
          onFocus={(event) => {
            setFocused(true);
            event.target.select();
          }}
          onBlur={() => {
            setFocused(false);
            commit();
          }}
          onKeyDown={(event) => {
            if (event.key === "Enter") commit();
            if (event.key === "Escape") setDraft(sent.current);
          }}
        />
        {painted !== null ? (
          <span className="painted" aria-hidden="true">
            {painted}
          </span>
        ) : null}
      </div>
      {error ? (
        <span className="cell-error" id={errorId}>
          <Icon name="error" size={12} aria-hidden="true" />
          <span>{error}</span>
        </span>
      ) : null}
    </Cell>
  );
}

const Cell = styled.div`
  display: grid;
  justify-items: end;
  gap: ${SPACE.xxs};
  .box { position: relative; width: 11rem; max-width: 100%; }
  input { width: 100%; }
  &[data-painted] input { color: transparent; }
  .painted {
    ${numeric}
    position: absolute;
    inset: 0;
    display: flex;
    align-items: center;
    justify-content: flex-end;
    padding: 0 calc(${SPACE.sm} + 1px);
    font-size: ${TYPE_SCALE.sm.size};
    color: ${(p) => p.theme.text};
    pointer-events: none;
    overflow: hidden;
  }
  &[data-pending] input { border-color: ${(p) => p.theme.accent}; box-shadow: inset 0 0 0 1px ${(p) => p.theme.accent}; }
  .cell-error {
    display: flex;
    gap: ${SPACE.xxs};
    align-items: start;
    max-width: 16rem;
    white-space: normal;
    text-align: left;
    font-size: ${TYPE_SCALE.sm.size};
    line-height: ${TYPE_SCALE.sm.lineHeight};
    color: ${(p) => p.theme.danger};
    svg { flex: none; margin-top: 3px; }
  }
`;
