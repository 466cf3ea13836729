import { createGlobalStyle } from "styled-components";
import interLatinExt from "@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2";
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2";

/**
 * Inter, variable weight 100-900, self-hosted: the woff2 files ship with the app (esbuild's file
 * loader gives them hashed names under /assets), so the CSP's same-origin rule holds and no third
 * party sees our users. Latin (with €, −, ↑, ↓) and Latin Extended; the browser fetches a file only
 * when the page uses a character in its range. `swap` shows the system font until Inter arrives.
 *
 * Rendered once by ThemeRoot. Kept apart from GlobalStyle so code that runs outside the bundle
 * (component tests under Node) never imports a font file.
 */
export const FontFaces = createGlobalStyle`
  @font-face {
    font-family: "Inter Variable";
    font-style: normal;
    font-display: swap;
    font-weight: 100 900;
    src: url(${interLatin}) format("woff2-variations"), url(${interLatin}) format("woff2");
    unicode-range: U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD;
  }
  @font-face {
    font-family: "Inter Variable";
    font-style: normal;
    font-display: swap;
    font-weight: 100 900;
    src: url(${interLatinExt}) format("woff2-variations"), url(${interLatinExt}) format("woff2");
    unicode-range: U+0100-02BA, U+02BD-02C5, U+02C7-02CC, U+02CE-02D7, U+02DD-02FF, U+0304, U+0308, U+0329, U+1D00-1DBF, U+1E00-1E9F, U+1EF2-1EFF, U+2020, U+20A0-20AB, U+20AD-20C0, U+2113, U+2C60-2C7F, U+A720-A7FF;
  }
`;
