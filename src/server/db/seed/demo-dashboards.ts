import type { CardContent, CardLayout, DashboardKind } from "../../../contracts/custom-dashboards";
import type { TenantContext } from "../tenancy";
import type { DemoCompany } from "./demo-companies";

/**
 * Two custom dashboards of the administrator's: a grid for the leadership meeting and a canvas
 * (Beta) for sales, both shared with the demo company's Employee (the grid to view, the canvas to
 * edit), who has no control_custom_dashboards, so signing in as them shows the shared access.
 * Each has a card of a saved demo chart (the grid a stacked chart, the canvas a pivot table).
 * Cards name KPIs by key and charts by name; one the company lacks is skipped. One insert per
 * table: fast.
 */
/** A card's content with its KPI named by key. */
type DemoContent =
  | { readonly type: "text"; readonly text: string }
  | { readonly type: "kpi"; readonly kpi: string }
  | { readonly type: "kpiChart"; readonly kpi: string; readonly bucketSize: 1 | 3 | 6 | 12; readonly timeRange: number }
  /** A saved chart of the demo (demo-charts.ts, seeded before the dashboards) by its name. */
  | { readonly type: "chart"; readonly chart: string };

interface DemoCard {
  readonly title: string;
  readonly content: DemoContent;
  readonly layout: CardLayout;
}

interface DemoDashboard {
  readonly name: string;
  readonly kind: DashboardKind;
  readonly sharedCanEdit: boolean;
  readonly cards: readonly DemoCard[];
}

export const DEMO_DASHBOARD_SHARED_WITH = "Employee";

export const DEMO_DASHBOARDS: readonly DemoDashboard[] = [
  {
    name: "Leadership overview",
    kind: "grid",
    sharedCanEdit: false,
    cards: [
      { title: "About this dashboard", content: { type: "text", text: "The figures the leadership team goes through every month: revenue and margin first, then bookings." }, layout: { x: 0, y: 0, w: 12, h: 2 } },
      { title: "", content: { type: "kpi", kpi: "revenue" }, layout: { x: 0, y: 2, w: 3, h: 4 } },
      { title: "", content: { type: "kpi", kpi: "gross_margin" }, layout: { x: 3, y: 2, w: 3, h: 4 } },
      { title: "", content: { type: "kpi", kpi: "new_bookings" }, layout: { x: 6, y: 2, w: 3, h: 4 } },
      { title: "Revenue by quarter", content: { type: "kpiChart", kpi: "revenue", bucketSize: 3, timeRange: 24 }, layout: { x: 0, y: 6, w: 12, h: 8 } },
      { title: "Operating costs by quarter", content: { type: "chart", chart: "Operating costs by quarter" }, layout: { x: 0, y: 14, w: 12, h: 8 } },
    ],
  },
  {
    name: "Sales canvas",
    kind: "canvas",
    sharedCanEdit: true,
    cards: [
      { title: "Pipeline", content: { type: "kpi", kpi: "pipeline_value" }, layout: { x: 0, y: 0, w: 4, h: 4 } },
      { title: "Win rate", content: { type: "kpi", kpi: "win_rate" }, layout: { x: 4, y: 0, w: 4, h: 4 } },
      { title: "Notes", content: { type: "text", text: "Move the cards where you like; lock the canvas when it is ready." }, layout: { x: 8, y: 0, w: 4, h: 4 } },
      { title: "Bookings per month", content: { type: "kpiChart", kpi: "new_bookings", bucketSize: 1, timeRange: 12 }, layout: { x: 0, y: 4, w: 12, h: 8 } },
      { title: "P&L and cash by half year", content: { type: "chart", chart: "P&L and cash by half year" }, layout: { x: 0, y: 12, w: 12, h: 5 } },
    ],
  },
];

export async function seedDemoDashboards({ db, tenantId }: TenantContext, company: DemoCompany): Promise<number> {
  const emailOf = (role: string) => company.users.find((user) => user.role === role)?.email;
  const [users, kpis, charts] = await Promise.all([
    db.selectFrom("users").select(["id", "email"]).execute(),
    db.selectFrom("kpis").select(["id", "key"]).execute(),
    db.selectFrom("charts").select(["id", "name"]).execute(),
  ]);
  const owner = users.find((user) => user.email === emailOf("Administrator"));
  const sharedWith = users.find((user) => user.email === emailOf(DEMO_DASHBOARD_SHARED_WITH));
  if (!owner) return 0;
  const ids: DemoIds = { kpis: new Map(kpis.map((kpi) => [kpi.key, Number(kpi.id)] as const)), charts: new Map(charts.map((chart) => [chart.name, Number(chart.id)] as const)) };
  const created = await db
    .insertInto("custom_dashboards")
    .values(DEMO_DASHBOARDS.map((dashboard, position) => ({ tenant_id: tenantId, name: dashboard.name, kind: dashboard.kind, owner_id: owner.id, position })))
    .returning(["id", "name"])
    .execute();
  const idOf = (name: string) => created.find((row) => row.name === name)!.id;
  const cards = DEMO_DASHBOARDS.flatMap((dashboard) =>
    dashboard.cards
      .map((card) => ({ card, content: contentOf(card, ids) }))
      .filter((entry): entry is { card: DemoCard; content: CardContent } => entry.content !== null)
      .map(({ card, content }, position) => ({
        tenant_id: tenantId,
        dashboard_id: idOf(dashboard.name),
        title: card.title,
        content: JSON.stringify(content),
        position,
        layout_x: card.layout.x,
        layout_y: card.layout.y,
        layout_w: card.layout.w,
        layout_h: card.layout.h,
      })),
  );
  if (cards.length > 0) await db.insertInto("custom_dashboard_cards").values(cards).execute();
  if (sharedWith) {
    await db
      .insertInto("custom_dashboard_shares")
      .values(DEMO_DASHBOARDS.map((dashboard) => ({ tenant_id: tenantId, dashboard_id: idOf(dashboard.name), user_id: sharedWith.id, can_edit: dashboard.sharedCanEdit })))
      .execute();
  }
  return created.length;
}

/** The ids cards point at, by the names the demo gives them (KPI keys, chart names). */
interface DemoIds {
  readonly kpis: ReadonlyMap<string, number>;
  readonly charts: ReadonlyMap<string, number>;
}

function contentOf({ content }: DemoCard, ids: DemoIds): CardContent | null {
  if (content.type === "text") return content;
  if (content.type === "chart") {
    const chartId = ids.charts.get(content.chart);
    return chartId === undefined ? null : { type: "chart", chartId };
  }
  const kpiId = ids.kpis.get(content.kpi);
  if (kpiId === undefined) return null;
  return content.type === "kpi" ? { type: "kpi", kpiId } : { type: "kpiChart", kpiId, bucketSize: content.bucketSize, timeRange: content.timeRange };
}
