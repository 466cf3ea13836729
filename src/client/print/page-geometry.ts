import type { PrintOrientation } from "../../contracts/print";

/**
 * A4 in millimetres and the bands the renderer's running header and footer take (kept equal to
 * server/platform/print/page-templates.ts HEADER_BAND_MM and FOOTER_BAND_MM, which a test checks):
 * what is left is the height one block may take before it is scaled down rather than cut.
 */
export const PAPER_HEADER_MM = 14;
export const PAPER_FOOTER_MM = 11;
/** Room kept for the block's own spacing and the grid gap, so a block of exactly one page still fits. */
const SLACK_MM = 8;
const PX_PER_MM = 96 / 25.4;

export interface PageGeometry {
  readonly widthMm: number;
  readonly heightMm: number;
  readonly headerMm: number;
  readonly footerMm: number;
  /** The tallest block one page holds, in CSS pixels. */
  readonly blockMaxHeightPx: number;
}

export function pageGeometry(orientation: PrintOrientation): PageGeometry {
  const [widthMm, heightMm] = orientation === "landscape" ? [297, 210] : [210, 297];
  const printable = heightMm - PAPER_HEADER_MM - PAPER_FOOTER_MM - SLACK_MM;
  return { widthMm, heightMm, headerMm: PAPER_HEADER_MM, footerMm: PAPER_FOOTER_MM, blockMaxHeightPx: Math.floor(printable * PX_PER_MM) };
}
