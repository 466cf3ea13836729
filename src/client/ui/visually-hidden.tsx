import { css, styled } from "styled-components";

/** Hides content from the eye but keeps it for screen readers (and for the skip link until focused). */
export const visuallyHidden = css`
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  clip-path: inset(50%);
  white-space: nowrap;
  border: 0;
`;

/** Text only screen readers read: a table's "(favourable)", an icon button's context. */
export const VisuallyHidden = styled.span`
  ${visuallyHidden}
`;
