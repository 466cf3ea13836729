import type { ReportStatus } from "../../../../contracts/investor-reporting";

/** The cover's stamp per status (spec section 4: draft → approved → sent). */
export const STATUS_STAMPS: Readonly<Record<ReportStatus, string>> = { draft: "Draft", approved: "Approved", sent: "Approved and sent" };

/** "June 2026" for a report's end date (YYYY-MM-01). */
export function reportDateText(endDate: string): string {
  return new Date(`${endDate.slice(0, 10)}T00:00:00Z`).toLocaleDateString("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
}

/**
 * The page each section starts on, for the contents: every section starts a new page and takes
 * as many pages as its height needs at the printable height of a page (`pagePx`); the first
 * section starts on `firstPage` (after the cover and the contents). Tables move a row that does
 * not fit to the next page, so a long table may run a little longer than its height says: the
 * count is exact for blocks and near for long tables.
 */
export function contentsPages(heights: readonly number[], pagePx: number, firstPage: number): number[] {
  const starts: number[] = [];
  let page = firstPage;
  for (const height of heights) {
    starts.push(page);
    page += Math.max(1, Math.ceil((height - 0.5) / pagePx));
  }
  return starts;
}
