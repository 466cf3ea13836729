import { styled } from "styled-components";
import { Tooltip } from "../../../../ui/tooltip";
import { TYPE_SCALE } from "../../../../ui/tokens";
import { VisuallyHidden } from "../../../../ui/visually-hidden";

/**
 * The marks that keep a table's periods honest, shared by the financial table and the list view:
 * a period named once with its months in a tooltip, and a partial period marked with how many of
 * its months stand behind it ("7 of 12 months": visible in the tooltip, read by screen readers).
 */

/** A period's name ("Q3 FY 2026/27") with its months ("Oct – Dec 2026") on hover and focus. */
export function PeriodName({ label, rangeLabel }: { label: string; rangeLabel: string }) {
  if (label === rangeLabel) return <span>{label}</span>;
  return (
    <Tooltip content={rangeLabel}>
      <Named tabIndex={0}>{label}</Named>
    </Tooltip>
  );
}

/**
 * The partial mark of a column header: focusable so keyboard users get its tooltip too. `text` is
 * "7 of 12 months"; screen readers hear "partial: 7 of 12 months".
 */
export function PartialMark({ text }: { text: string }) {
  return (
    <Tooltip content={`Partial: ${text}`} describe={false}>
      <Mark tabIndex={0} data-partial={text}>
        <span aria-hidden="true">◐</span>
        <VisuallyHidden>{`partial: ${text}`}</VisuallyHidden>
      </Mark>
    </Tooltip>
  );
}

/**
 * The partial mark of one cell (not a tab stop: a table has many); the title shows it on hover.
 * Before a figure (`before`), so figures stay aligned at a column's right edge; after a name.
 */
export function CellPartialMark({ text, placement = "before" }: { text: string; placement?: "before" | "after" }) {
  return (
    <Mark as="span" className={placement === "before" ? "leading" : undefined} title={`Partial: ${text}`} data-partial={text}>
      <span aria-hidden="true">◐</span>
      <VisuallyHidden>{placement === "before" ? `(partial: ${text}) ` : ` (partial: ${text})`}</VisuallyHidden>
    </Mark>
  );
}

const Named = styled.span`
  text-decoration: underline dotted;
  text-underline-offset: 3px;
  cursor: help;
`;

const Mark = styled.span`
  display: inline-block;
  margin-left: 4px;
  color: ${(p) => p.theme.warning};
  font-size: ${TYPE_SCALE.xs.size};
  cursor: help;
  &.leading { margin: 0 4px 0 0; }
`;
