import { css } from "styled-components";

/**
 * The box a chart's tooltip is drawn in: a raised card above the chart that the pointer passes
 * through, a muted range line, the partial-figure warning and a list of label–value rows with
 * the values right-aligned in tabular figures. The KPI detail and the chart builder both use it,
 * so a bucket reads the same in both; each adds only its own placement and extra rows.
 */
export const chartTooltipBox = css`
  z-index: 20;
  pointer-events: none;
  min-width: 200px;
  padding: 8px 10px;
  border-radius: 8px;
  border: 1px solid ${(p) => p.theme.border};
  background: ${(p) => p.theme.surfaceRaised};
  color: ${(p) => p.theme.text};
  font-size: 13px;
  display: grid;
  gap: 2px;
  .range { color: ${(p) => p.theme.textMuted}; }
  .partial { color: ${(p) => p.theme.warning}; font-weight: 600; }
  dl { margin: 6px 0 0; display: grid; gap: 3px; }
  dl > div { display: flex; justify-content: space-between; gap: 16px; }
  dt { white-space: nowrap; display: inline-flex; align-items: center; gap: 6px; color: ${(p) => p.theme.textMuted}; }
  dd { margin: 0; font-variant-numeric: tabular-nums; text-align: right; }
`;
