import type { SectionVariant } from "../../contracts/investor-reporting";

/** How a variant is named to people: the section list's variant picker and the Excel export's overview sheet. */
export const SECTION_VARIANT_LABELS: Readonly<Record<SectionVariant, string>> = {
  financial_reporting: "Financial reporting",
  kpi: "KPIs",
  planning: "Planning",
  forecasting: "Forecasting",
  chart: "Chart",
  text: "Text",
  attachments: "Attachments",
  deepdrill: "Deep drill",
  chartgenius: "Chart genius",
};

/**
 * Sections are named "Section 1", "Section 2"… (spec section 9: numbered sequentially): a new one
 * takes the number after the highest "Section n" of the report, so deleting "Section 2" of three
 * does not make the next one a second "Section 3". Names people gave do not count.
 */
export function nextSectionName(names: readonly string[]): string {
  return `Section ${highestNumber(names, /^Section (\d+)$/) + 1}`;
}

/**
 * A section's slug keys its data (spec: data keyed by section slug): the variant and a number
 * unique in the report, never reused, so frozen data cannot be read for another section.
 */
export function nextSectionSlug(slugs: readonly string[], variant: SectionVariant): string {
  return `${variant}_${highestNumber(slugs, /_(\d+)$/) + 1}`;
}

function highestNumber(texts: readonly string[], pattern: RegExp): number {
  let highest = 0;
  for (const text of texts) {
    const match = pattern.exec(text);
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  return highest;
}
