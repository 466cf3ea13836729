// Custom dashboard cards and layout: adding (any type, "add KPI"), changing and removing cards,
// the KPI readability rule, the layout's revision check, the locked canvas, all or nothing, and
// the KPI meta's placements.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { CANVAS_LOCKED, MAX_CARDS } from "../../../../src/contracts/custom-dashboards";
import { CARD_LISTED_TWICE, CARD_NOT_ON_DASHBOARD, CHART_UNKNOWN, DASHBOARD_CHANGED, KPI_ALREADY_ON_DASHBOARD, KPI_NOT_READABLE, POSITION_TWICE, TOO_MANY_CARDS } from "../../../../src/domain/custom-dashboards/texts";
import { system } from "../kpis/reporting-fixture";
import { dashboardsCompany } from "./fixture";

type Card = { id: number; title: string; content: { type: string; kpiId?: number }; position: number; layout: { x: number; y: number; w: number; h: number } };

test("cards of every type: placed below the others unless given a place, positions 0, 1, 2…; the KPI card names the KPI only", async () => {
  const { call, owner, ids, savedChart } = await dashboardsCompany();
  const id = (await call(owner.headers, "POST", "/api/custom-dashboards/", { name: "Board", kind: "canvas" })).body.id;
  const chartId = await savedChart("Revenue chart", [ids.revenue]);
  const add = (body: unknown) => call(owner.headers, "POST", `/api/custom-dashboards/${id}/cards/`, body);
  assert.is((await add({ title: "Intro", content: { type: "text", text: "Hello" } })).status, 201);
  await add({ title: "Revenue", content: { type: "kpiChart", kpiId: ids.revenue, bucketSize: 3, timeRange: 12 } });
  assert.equal((await add({ title: "", content: { type: "chart", chartId: chartId + 1000 } })).body, { "content.chartId": [CHART_UNKNOWN] });
  await add({ title: "Placed", content: { type: "chart", chartId }, layout: { x: 6, y: 0, w: 6, h: 4 } });
  const added = await call(owner.headers, "POST", `/api/custom-dashboards/${id}/add-kpi/`, { kpiId: ids.customers });
  assert.is(added.status, 201);
  const cards = added.body.cards as Card[];
  assert.equal(cards.map((card) => [card.content.type, card.position, card.layout]), [
    ["text", 0, { x: 0, y: 0, w: 4, h: 4 }],
    ["kpiChart", 1, { x: 0, y: 4, w: 6, h: 8 }],
    ["chart", 2, { x: 6, y: 0, w: 6, h: 4 }],
    ["kpi", 3, { x: 0, y: 12, w: 3, h: 4 }],
  ]);
  assert.equal(cards[3]!.content, { type: "kpi", kpiId: ids.customers });
  assert.is(cards[3]!.title, "", "titled by the KPI itself, so its name is not copied to people who may not read it");
  assert.is(added.body.revision, 5);
  const text = JSON.stringify((await call(owner.headers, "GET", `/api/custom-dashboards/${id}/`)).body);
  assert.not.ok(/value|actual|planning/i.test(text.replace(/"text":"Hello"/, "")), "no figure travels with the dashboard");
});

test("a KPI the person adding it may not read is refused, as a missing one is; add KPI once per dashboard", async () => {
  const { call, owner, editor, ids, sharedDashboard, events } = await dashboardsCompany();
  const { id } = await sharedDashboard();
  const before = (await events("DashboardCardAdded")).length;
  // The editor reads level 0 only: revenue (1) and gross margin (effective 2) are out of reach.
  assert.equal((await call(editor.headers, "POST", `/api/custom-dashboards/${id}/add-kpi/`, { kpiId: ids.revenue })).body, { kpiId: [KPI_NOT_READABLE] });
  assert.equal((await call(editor.headers, "POST", `/api/custom-dashboards/${id}/add-kpi/`, { kpiId: ids.grossMargin })).body, { kpiId: [KPI_NOT_READABLE] }, "effective sensitivity");
  assert.equal((await call(editor.headers, "POST", `/api/custom-dashboards/${id}/add-kpi/`, { kpiId: 2 ** 40 })).body, { kpiId: [KPI_NOT_READABLE] });
  assert.equal((await call(editor.headers, "POST", `/api/custom-dashboards/${id}/cards/`, { title: "", content: { type: "kpiChart", kpiId: ids.cash, bucketSize: 1, timeRange: 6 } })).body, { "content.kpiId": [KPI_NOT_READABLE] });
  assert.equal((await call(owner.headers, "POST", `/api/custom-dashboards/${id}/add-kpi/`, { kpiId: ids.revenue })).body, { kpiId: [KPI_ALREADY_ON_DASHBOARD] });
  assert.is((await events("DashboardCardAdded")).length, before);
  assert.is((await call(editor.headers, "POST", `/api/custom-dashboards/${id}/add-kpi/`, { kpiId: ids.customers })).status, 201);
  const textCard = (await call(owner.headers, "GET", `/api/custom-dashboards/${id}/`)).body.cards.find((card: Card) => card.content.type === "text").id;
  assert.equal((await call(editor.headers, "PATCH", `/api/custom-dashboards/${id}/cards/${textCard}/`, { content: { type: "kpi", kpiId: ids.revenue } })).body, { "content.kpiId": [KPI_NOT_READABLE] }, "a change of type too");
  assert.is((await call(owner.headers, "POST", `/api/custom-dashboards/${id}/cards/`, { title: "", content: { type: "pie" } })).status, 400, "an unknown card type");
});

test("change and remove a card: its type may change; the cards after a removed one move up; another dashboard's card is 404", async () => {
  const { call, owner, ids, sharedDashboard } = await dashboardsCompany();
  const { id, cards } = await sharedDashboard();
  const other = (await call(owner.headers, "POST", "/api/custom-dashboards/", { name: "Other", kind: "grid" })).body.id;
  const [kpiCard, textCard] = cards;
  const changed = await call(owner.headers, "PATCH", `/api/custom-dashboards/${id}/cards/${textCard!.id}/`, { title: "Trend", content: { type: "kpiChart", kpiId: ids.revenue, bucketSize: 12, timeRange: 24 } });
  assert.equal(changed.body.cards[1].content, { type: "kpiChart", kpiId: ids.revenue, bucketSize: 12, timeRange: 24 });
  assert.is(changed.body.cards[1].title, "Trend");
  assert.is((await call(owner.headers, "PATCH", `/api/custom-dashboards/${other}/cards/${textCard!.id}/`, { title: "x" })).status, 404);
  assert.is((await call(owner.headers, "DELETE", `/api/custom-dashboards/${other}/cards/${kpiCard!.id}/`)).status, 404);
  const removed = await call(owner.headers, "DELETE", `/api/custom-dashboards/${id}/cards/${kpiCard!.id}/`);
  assert.equal(removed.body.cards.map((card: Card) => [card.id, card.position]), [[textCard!.id, 0]]);
});

test("layout: moves and sizes all or nothing; positions given; an old revision is 409 with the current one", async () => {
  const { call, owner, editor, sharedDashboard, events } = await dashboardsCompany();
  const { id, revision, cards } = await sharedDashboard();
  const [first, second] = cards;
  const moved = await call(editor.headers, "PUT", `/api/custom-dashboards/${id}/layout/`, {
    revision,
    cards: [
      { id: first!.id, position: 1, layout: { x: 0, y: 6, w: 12, h: 6 } },
      { id: second!.id, position: 0, layout: { x: 0, y: 0, w: 12, h: 6 } },
    ],
  });
  assert.is(moved.status, 200, JSON.stringify(moved.body));
  assert.equal(moved.body.cards.map((card: Card) => [card.id, card.position, card.layout]), [
    [second!.id, 0, { x: 0, y: 0, w: 12, h: 6 }],
    [first!.id, 1, { x: 0, y: 6, w: 12, h: 6 }],
  ]);
  assert.is(moved.body.revision, revision + 1);
  const stale = await call(owner.headers, "PUT", `/api/custom-dashboards/${id}/layout/`, { revision, cards: [{ id: first!.id, position: 0, layout: { x: 0, y: 0, w: 2, h: 2 } }] });
  assert.equal([stale.status, stale.body], [409, { detail: DASHBOARD_CHANGED, revision: [String(revision + 1)] }]);
  const current = revision + 1;
  const refused = async (cardsOfChange: unknown[]) => (await call(owner.headers, "PUT", `/api/custom-dashboards/${id}/layout/`, { revision: current, cards: cardsOfChange })).body;
  const other = (await call(owner.headers, "POST", "/api/custom-dashboards/", { name: "Other", kind: "canvas" })).body.id;
  const foreignCard = (await call(owner.headers, "POST", `/api/custom-dashboards/${other}/cards/`, { title: "", content: { type: "text", text: "x" } })).body.cards[0].id;
  const place = { x: 0, y: 0, w: 1, h: 1 };
  // A good card next to a bad one: neither moves.
  assert.equal(await refused([{ id: first!.id, position: 0, layout: place }, { id: foreignCard, position: 1, layout: place }]), { "cards.1.id": [CARD_NOT_ON_DASHBOARD] });
  assert.equal(await refused([{ id: first!.id, position: 0, layout: place }, { id: first!.id, position: 1, layout: place }]), { "cards.1.id": [CARD_LISTED_TWICE] });
  assert.equal(await refused([{ id: first!.id, position: 0, layout: place }, { id: second!.id, position: 0, layout: place }]), { "cards.1.position": [POSITION_TWICE] });
  assert.is((await call(owner.headers, "PUT", `/api/custom-dashboards/${id}/layout/`, { revision: current, cards: [{ id: first!.id, position: 0, layout: { x: 8, y: 0, w: 6, h: 2 } }] })).status, 400, "past the 12 columns");
  const after = (await call(owner.headers, "GET", `/api/custom-dashboards/${id}/`)).body;
  assert.equal(after.cards.map((card: Card) => [card.id, card.position, card.layout]), moved.body.cards.map((card: Card) => [card.id, card.position, card.layout]));
  assert.is(after.revision, current);
  assert.is((await events("DashboardLayoutChanged")).length, 1);
});

test("a locked canvas: nobody moves its cards, the owner neither, until it is unlocked", async () => {
  const { call, owner, staff, sharedDashboard } = await dashboardsCompany();
  const { id, cards } = await sharedDashboard();
  const locked = await call(owner.headers, "PATCH", `/api/custom-dashboards/${id}/`, { locked: true });
  const move = (who: { headers: Record<string, string> }, revision: number) =>
    call(who.headers, "PUT", `/api/custom-dashboards/${id}/layout/`, { revision, cards: [{ id: cards[0]!.id, position: 0, layout: { x: 3, y: 0, w: 3, h: 4 } }] });
  for (const who of [owner, staff]) assert.equal(await move(who, locked.body.revision).then((answer) => [answer.status, answer.body]), [400, { detail: CANVAS_LOCKED }]);
  const unlocked = await call(owner.headers, "PATCH", `/api/custom-dashboards/${id}/`, { locked: false });
  assert.is((await move(owner, unlocked.body.revision)).status, 200);
});

test(`at most ${MAX_CARDS} cards; a KPI deleted takes its cards with it`, async () => {
  const { call, owner, ids, withTenant, tenantId } = await dashboardsCompany();
  const id = (await call(owner.headers, "POST", "/api/custom-dashboards/", { name: "Full", kind: "grid" })).body.id;
  await withTenant(tenantId, system, ({ db }) =>
    db
      .insertInto("custom_dashboard_cards")
      .values(Array.from({ length: MAX_CARDS - 1 }, (_, position) => ({ tenant_id: tenantId, dashboard_id: id, content: JSON.stringify({ type: "text", text: "" }), position, layout_x: 0, layout_y: position, layout_w: 1, layout_h: 1 })))
      .execute(),
  );
  assert.is((await call(owner.headers, "POST", `/api/custom-dashboards/${id}/add-kpi/`, { kpiId: ids.revenue })).status, 201);
  assert.equal((await call(owner.headers, "POST", `/api/custom-dashboards/${id}/add-kpi/`, { kpiId: ids.customers })).body, { non_field_errors: [TOO_MANY_CARDS] });
  await withTenant(tenantId, system, async ({ db }) => {
    await db.deleteFrom("kpi_values").where("kpi_id", "=", ids.revenue).execute();
    await db.deleteFrom("forecast_values").where("kpi_id", "=", ids.revenue).execute();
    await db.deleteFrom("kpis").where("id", "=", ids.revenue).execute();
  });
  assert.is((await call(owner.headers, "GET", `/api/custom-dashboards/${id}/`)).body.cards.length, MAX_CARDS - 1);
});

test("KPI meta: customDashboards and customDashboardsKpi name only the dashboards the reader sees", async () => {
  const { call, owner, viewer, outsider, ids, sharedDashboard, savedChart } = await dashboardsCompany();
  const shared = await sharedDashboard();
  const chartId = await savedChart("Cash and customers", [ids.cash, ids.customers], outsider);
  const own = (await call(outsider.headers, "POST", "/api/custom-dashboards/", { name: "Outsider's", kind: "grid" })).body.id;
  await call(outsider.headers, "POST", `/api/custom-dashboards/${own}/cards/`, { title: "", content: { type: "kpiChart", kpiId: ids.customers, bucketSize: 1, timeRange: 12 } });
  await call(outsider.headers, "POST", `/api/custom-dashboards/${own}/add-kpi/`, { kpiId: ids.revenue });
  await call(owner.headers, "POST", `/api/custom-dashboards/${shared.id}/add-kpi/`, { kpiId: ids.customers });
  await call(outsider.headers, "POST", `/api/custom-dashboards/${own}/cards/`, { title: "", content: { type: "chart", chartId } });
  const placements = async (who: { headers: Record<string, string> }, kpiId: number) => {
    const meta = (await call(who.headers, "GET", "/api/kpis/meta/")).body.find((kpi: { id: number }) => kpi.id === kpiId);
    return meta ? [meta.customDashboards, meta.customDashboardsKpi] : null;
  };
  assert.equal(await placements(owner, ids.revenue), [[shared.id], [{ dashboard: shared.id, position: 0 }]]);
  assert.equal(await placements(owner, ids.customers), [[shared.id], [{ dashboard: shared.id, position: 2 }]]);
  assert.equal(await placements(outsider, ids.customers), [[own], []], "a KPI chart card places the KPI on the dashboard, not as a KPI card");
  assert.equal(await placements(outsider, ids.revenue), [[own], [{ dashboard: own, position: 1 }]]);
  assert.equal(await placements(outsider, ids.cash), [[own], []], "a saved chart on a chart card places its KPIs");
  assert.equal(await placements(outsider, ids.cogs), [[], []], "on no dashboard");
  assert.is(await placements(viewer, ids.revenue), null, "the viewer may not read revenue: no meta at all");
});

test.run();
