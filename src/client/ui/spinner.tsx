import { keyframes, styled } from "styled-components";

const turn = keyframes`to { transform: rotate(360deg); }`;

/**
 * A small turning ring for work in progress (busy buttons, LoadingState). Decoration only: the
 * component that shows it says in words what is happening. With reduced motion it stands still.
 */
export const Spinner = styled.span.attrs({ "aria-hidden": true })<{ $size?: number }>`
  display: inline-block;
  flex: none;
  width: ${(p) => p.$size ?? 14}px;
  height: ${(p) => p.$size ?? 14}px;
  border-radius: 50%;
  border: 2px solid currentColor;
  border-right-color: transparent;
  opacity: 0.85;
  animation: ${turn} 0.8s linear infinite;
`;
