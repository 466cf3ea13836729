import { createGlobalStyle } from "styled-components";
import { FONT_FAMILY, FONT_WEIGHT, MEDIA, TYPE_SCALE } from "./tokens";

/**
 * The page's base: Inter at the body size with tabular figures everywhere (a finance tool is
 * mostly numbers), headings on the type scale, links in the accent, a focus ring on every control
 * reached by keyboard, scrollbars in the theme's colours, and no motion for people who ask for none.
 */
export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html {
    color-scheme: ${(p) => p.theme.name};
    scrollbar-color: ${(p) => p.theme.borderStrong} ${(p) => p.theme.background};
    -webkit-text-size-adjust: 100%;
  }
  html, body {
    margin: 0;
    background: ${(p) => p.theme.background};
    color: ${(p) => p.theme.text};
    font-family: ${FONT_FAMILY};
    font-size: ${TYPE_SCALE.md.size};
    line-height: ${TYPE_SCALE.md.lineHeight};
    font-optical-sizing: auto;
    font-variant-numeric: tabular-nums;
    text-rendering: optimizeLegibility;
    -webkit-font-smoothing: antialiased;
    -moz-osx-font-smoothing: grayscale;
  }
  h1, h2, h3, h4 { margin: 0; color: ${(p) => p.theme.text}; letter-spacing: -0.01em; }
  h1 { font-size: ${TYPE_SCALE.xxl.size}; line-height: ${TYPE_SCALE.xxl.lineHeight}; font-weight: ${FONT_WEIGHT.semibold}; }
  h2 { font-size: ${TYPE_SCALE.lg.size}; line-height: ${TYPE_SCALE.lg.lineHeight}; font-weight: ${FONT_WEIGHT.semibold}; }
  h3 { font-size: ${TYPE_SCALE.md.size}; line-height: ${TYPE_SCALE.md.lineHeight}; font-weight: ${FONT_WEIGHT.semibold}; }
  p { margin: 0; }
  button, input, select, textarea { font: inherit; color: inherit; letter-spacing: inherit; }
  a { color: ${(p) => p.theme.accent}; text-underline-offset: 2px; text-decoration-thickness: 1px; }
  a:hover { text-decoration-thickness: 2px; }
  ::selection { background: ${(p) => p.theme.accentSurface}; color: ${(p) => p.theme.text}; }

  /* Every control shows where keyboard focus is; the offset keeps the ring off the control's own edge. */
  :focus-visible { outline: 2px solid ${(p) => p.theme.focus}; outline-offset: 2px; }
  /* Headings and regions that take focus only programmatically (after a navigation) show no ring. */
  [tabindex="-1"]:focus { outline: none; }

  ::-webkit-scrollbar { width: 12px; height: 12px; }
  ::-webkit-scrollbar-track { background: transparent; }
  ::-webkit-scrollbar-thumb { background: ${(p) => p.theme.border}; border-radius: 999px; border: 3px solid ${(p) => p.theme.background}; }
  ::-webkit-scrollbar-thumb:hover { background: ${(p) => p.theme.borderStrong}; }
  ::-webkit-scrollbar-corner { background: transparent; }

  ${MEDIA.reducedMotion} {
    *, *::before, *::after {
      animation-duration: 0.01ms !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0.01ms !important;
      scroll-behavior: auto !important;
    }
  }
`;
