/**
 * Another person's change to the KPI settings or the glossary, in words. KPI names come from what
 * the reader has loaded (the events carry ids); a deleted KPI or a category names itself.
 */
export const KPI_SETTINGS_EVENTS: ReadonlySet<string> = new Set([
  "CustomKpiCreated",
  "KpiSettingsChanged",
  "KpiResponsiblesChanged",
  "KpiBenchmarksChanged",
  "CustomKpiDeleted",
  "KpiCategoryCreated",
  "KpiCategoryRenamed",
  "KpiCategoryDeleted",
  "GlossaryEntrySaved",
  "GlossaryEntryApproved",
]);

export function describeKpiSettingsChange(type: string, data: Record<string, unknown>, who: string, kpiName: (id: number) => string | undefined): { text: string; href: string | null } | null {
  const kpiId = typeof data["kpiId"] === "number" ? data["kpiId"] : null;
  const named = typeof data["name"] === "string" ? data["name"] : null;
  const kpi = (kpiId === null ? undefined : kpiName(kpiId)) ?? named ?? "a KPI";
  const detail = kpiId === null ? null : `/reporting/kpi-detail/${kpiId}`;
  switch (type) {
    case "CustomKpiCreated":
      return { text: `${who} created the custom KPI ${kpi}`, href: detail };
    case "KpiSettingsChanged":
      return { text: `${who} changed the settings of ${kpi}`, href: detail };
    case "KpiResponsiblesChanged":
      return { text: `${who} changed who answers for ${kpi}`, href: detail };
    case "KpiBenchmarksChanged":
      return { text: `${who} changed the benchmarks of ${kpi}`, href: detail };
    case "CustomKpiDeleted":
      return { text: `${who} deleted the custom KPI ${named ?? "a KPI"}`, href: null };
    case "KpiCategoryCreated":
      return { text: `${who} created the KPI category ${named ?? ""}`.trim(), href: "/settings/kpi-management" };
    case "KpiCategoryRenamed":
      return { text: `${who} renamed a KPI category to ${named ?? ""}`.trim(), href: "/settings/kpi-management" };
    case "KpiCategoryDeleted": {
      const count = Array.isArray(data["kpiIds"]) ? data["kpiIds"].length : 0;
      return { text: `${who} deleted the KPI category ${named ?? ""}${count > 0 ? ` and its ${count} KPI${count === 1 ? "" : "s"}` : ""}`, href: null };
    }
    case "GlossaryEntrySaved":
      return { text: `${who} wrote the glossary entry of ${kpi} (a draft)`, href: kpiId === null ? null : `/reporting/kpi-glossary/${kpiId}` };
    case "GlossaryEntryApproved":
      return { text: `${who} approved the glossary entry of ${kpi}`, href: kpiId === null ? null : `/reporting/kpi-glossary/${kpiId}` };
    default:
      return null;
  }
}
