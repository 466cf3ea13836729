import { styled } from "styled-components";

/** The row of controls above a report: labelled selects and month inputs, wrapping on narrow screens. */
export const ReportToolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 10px 18px;
  align-items: end;
  font-size: 13px;
  color: ${(p) => p.theme.textMuted};
  label { display: grid; gap: 4px; }
  select, input:not([type="checkbox"]) { font: inherit; padding: 5px 8px; border-radius: 6px; border: 1px solid ${(p) => p.theme.border}; background: ${(p) => p.theme.surface}; color: ${(p) => p.theme.text}; }
`;
