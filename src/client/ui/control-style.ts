import { css } from "styled-components";
import { CONTROL_HEIGHT, MOTION, RADIUS, SPACE, TYPE_SCALE, type ControlSize } from "./tokens";

/**
 * The box of every text input and select: the strong edge (3:1, so the control can be found), the
 * surface behind, the danger edge when `aria-invalid`, and a disabled look. Shared by FormField's
 * inputs and the compact filter controls.
 */
export const controlBox = (size: ControlSize) => css`
  min-height: ${CONTROL_HEIGHT[size]};
  padding: 0 ${size === "sm" ? SPACE.sm : SPACE.md};
  border: 1px solid ${(p) => p.theme.borderStrong};
  border-radius: ${RADIUS.md};
  background: ${(p) => p.theme.surface};
  color: ${(p) => p.theme.text};
  font-size: ${size === "sm" ? TYPE_SCALE.sm.size : TYPE_SCALE.md.size};
  line-height: 1.2;
  transition: border-color ${MOTION.fast} ${MOTION.easing};
  &:hover:not(:disabled) { border-color: ${(p) => p.theme.textMuted}; }
  &[aria-invalid="true"] { border-color: ${(p) => p.theme.danger}; box-shadow: inset 0 0 0 1px ${(p) => p.theme.danger}; }
  &:disabled { background: ${(p) => p.theme.disabledSurface}; color: ${(p) => p.theme.disabledText}; border-color: transparent; cursor: not-allowed; }
  &::placeholder { color: ${(p) => p.theme.textMuted}; opacity: 1; }
`;

/** A chevron in the given colour as a data: URL (allowed by the CSP's img-src). */
const chevron = (colour: string) =>
  `url("data:image/svg+xml,${encodeURIComponent(`<svg xmlns='http://www.w3.org/2000/svg' width='12' height='12' viewBox='0 0 12 12'><path d='M2.5 4.5 6 8l3.5-3.5' fill='none' stroke='${colour}' stroke-width='1.6' stroke-linecap='round' stroke-linejoin='round'/></svg>`)}")`;

/** A native select drawn like the inputs, with its own chevron (the native one ignores the theme). */
export const selectBox = (size: ControlSize) => css`
  ${controlBox(size)}
  appearance: none;
  padding-right: ${size === "sm" ? "26px" : "32px"};
  background-image: ${(p) => chevron(p.theme.textMuted)};
  background-position: right ${size === "sm" ? "8px" : "12px"} center;
  background-size: 12px 12px;
  background-repeat: no-repeat;
  cursor: pointer;
  option { background: ${(p) => p.theme.surface}; color: ${(p) => p.theme.text}; }
`;
