import { css, styled } from "styled-components";

/**
 * Figures that line up: tabular (equal-width) digits, never broken across lines. Every number in
 * a table cell, card, input or chart label uses it (DataTable's numeric columns, NumberInput and
 * `Numeric` apply it for you).
 */
export const numeric = css`
  font-variant-numeric: tabular-nums lining-nums;
  font-feature-settings: "tnum" 1, "lnum" 1;
  white-space: nowrap;
`;

/** A number in running text or on a card: `<Numeric>€ 4.80M</Numeric>`. */
export const Numeric = styled.span`
  ${numeric}
`;
