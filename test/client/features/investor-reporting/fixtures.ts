import type { InvestorReport, ReportData, ReportSection } from "../../../../src/contracts/investor-reporting";
import { summaryOf } from "../../../../src/client/features/investor-reporting/model";

export const section = (id: number, overrides: Partial<ReportSection> = {}): ReportSection => ({
  id,
  name: `Section ${id}`,
  slug: `kpi_${id}`,
  variant: "kpi",
  selectedView: "actual_comparison",
  position: id - 1,
  settings: {},
  content: null,
  ...overrides,
});

export const report = (overrides: Partial<InvestorReport> = {}): InvestorReport => ({
  id: 5,
  name: "Board pack",
  status: "draft",
  isVisible: true,
  endDate: "2026-10-01",
  owner: { id: 1, name: "Ada Administrator" },
  approved: null,
  sent: null,
  updatedAt: "2026-11-20T10:00:00.000Z",
  canEdit: true,
  schema: { sections: [section(1), section(2), section(3, { slug: "text_3", variant: "text", content: { html: "<p>Hi</p>" } })] },
  attachments: [],
  recipients: [],
  shares: [],
  ...overrides,
});

export const summary = (overrides: Partial<InvestorReport> = {}) => summaryOf(report(overrides));

export const data = (overrides: Partial<ReportData> = {}): ReportData => ({
  status: "draft",
  source: "recalculated",
  computedAt: "2026-11-26T10:00:00.000Z",
  currency: "EUR",
  data: { text_3: { kind: "text", content: { html: "<p>Hi</p>" } } },
  ...overrides,
});
