/**
 * The running header and footer Chromium prints in the top and bottom margin of every page
 * (puppeteer headerTemplate/footerTemplate): the company, the document's title and period above,
 * "Page X of Y" below. They are separate documents without the page's styles, so everything is
 * inline; the band is painted in the theme's background so a dark PDF has no white strips.
 */
export interface RunningHeader {
  readonly company: string;
  readonly title: string;
  readonly period: string;
  /** The page's background and text colours (read from the printed page). */
  readonly background: string;
  readonly color: string;
  readonly muted: string;
}

/** Height of the top and bottom bands; the page's own content sits between them. */
export const HEADER_BAND_MM = 14;
export const FOOTER_BAND_MM = 11;

const band = (header: RunningHeader, heightMm: number, align: "top" | "bottom") =>
  [
    `width:100%;height:${heightMm}mm;margin:0;box-sizing:border-box;`,
    `padding:${align === "top" ? "0 12mm 0 12mm" : "0 12mm"};display:flex;align-items:center;justify-content:space-between;`,
    `background:${cssValue(header.background)};color:${cssValue(header.muted)};`,
    "font-family:'Inter Variable',Inter,'Helvetica Neue',Arial,sans-serif;font-size:8.5pt;",
    "-webkit-print-color-adjust:exact;print-color-adjust:exact;",
  ].join("");

/**
 * Chromium's template page pads the header from the top edge and the footer from the bottom
 * (0.4 cm each): without this the band starts below the edge and overlaps the page's content.
 */
const FLUSH = "<style>#header{padding-top:0 !important}#footer{padding-bottom:0 !important}html,body{margin:0;padding:0}</style>";

export function headerTemplate(header: RunningHeader): string {
  const title = [header.title, header.period].filter(Boolean).map(escapeHtml).join(" · ");
  return `${FLUSH}<div style="${band(header, HEADER_BAND_MM, "top")}"><span style="font-weight:600;color:${cssValue(header.color)}">${escapeHtml(header.company)}</span><span>${title}</span></div>`;
}

export function footerTemplate(header: RunningHeader): string {
  return `${FLUSH}<div style="${band(header, FOOTER_BAND_MM, "bottom")}"><span>${escapeHtml(header.company)}</span><span>Page <span class="pageNumber"></span> of <span class="totalPages"></span></span></div>`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);
}

/** A colour read from the page goes into a style attribute: only plain colour syntax passes. */
function cssValue(colour: string): string {
  return /^[#(),.%\w\s-]+$/.test(colour) ? colour : "inherit";
}
