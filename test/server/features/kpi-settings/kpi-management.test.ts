import { test } from "uvu";
import * as assert from "uvu/assert";
import { CATALOGUE_NEEDS_ADMIN, CATEGORY_NOT_ALL_READABLE, NOT_A_CUSTOM_CATEGORY, NOT_A_CUSTOM_KPI, SENSITIVITY_ABOVE_OWN } from "../../../../src/contracts/kpi-management";
import { CATALOGUE_FIELD_FIXED } from "../../../../src/domain/kpi/custom-kpi";
import { kpiSettingsEventFilters } from "../../../../src/server/features/kpi-settings/kpi-settings-event-filters";
import { reportingCompany, system } from "../kpis/reporting-fixture";

const ADMIN = ["manage_company_settings", "create_custom_kpis", "read_super_sensitive"];
const CUSTOM = { name: "Net promoter score", unit: "number", aggregationType: "ad", higherIsBetter: true, sensitivity: 0, cadence: "quarterly" };

test("management: categories with counts, readable KPIs only, what the caller may change", async () => {
  const { ids, userWith, call } = await reportingCompany();
  const creator = await userWith(["create_custom_kpis", "read_sensitive"]);
  const answer = await call(creator.headers, "GET", "/api/kpis/management/");
  assert.is(answer.status, 200);
  assert.equal(answer.body.categories, [
    { id: ids.pl, name: "P&L", kind: "financial", isCustom: false, kpiCount: 3 },
    { id: ids.growth, name: "Growth", kind: "kpi", isCustom: false, kpiCount: 3 },
  ]);
  // Level 1 reads revenue and customers, not cogs (2), gross profit / margin (read at 2) or cash (3).
  assert.equal(answer.body.kpis.map((kpi: { key: string }) => kpi.key), ["revenue", "customers"]);
  assert.equal(answer.body.kpis.map((kpi: { editable: boolean }) => kpi.editable), [false, false], "catalogue KPIs need an administrator");
  assert.equal([answer.body.readLevel, answer.body.canManageCustom, answer.body.canManageCatalogue], [1, true, false]);
  const reader = await userWith(["read_super_sensitive"]);
  assert.is((await call(reader.headers, "GET", "/api/kpis/management/")).status, 403);
});

test("custom KPIs: created, changed in full, deleted with their values; one event each", async () => {
  const { ids, userWith, call, events, withTenant, tenantId } = await reportingCompany();
  const creator = await userWith(["create_custom_kpis", "read_sensitive", "write_sensitive"]);
  const created = await call(creator.headers, "POST", "/api/kpis/custom/", { ...CUSTOM, categoryId: ids.growth });
  assert.is(created.status, 201);
  assert.equal({ ...created.body, id: 0 }, {
    id: 0, key: "custom_net_promoter_score", name: "Net promoter score", description: "", categoryId: ids.growth, isCustom: true, isCalculated: false, unit: "number", aggregationType: "ad", higherIsBetter: true, sensitivity: 0,
    cadence: "quarterly", validationState: "unvalidated", benchmarks: { valueBottom25: null, valueMedian50: null, valueTop25: null, top5: null }, responsibles: [], editable: true,
  });
  const id = created.body.id;
  const meta = (await call(creator.headers, "GET", "/api/kpis/meta/")).body as { id: number; category: { name: string } }[];
  assert.is(meta.find((kpi) => kpi.id === id)?.category.name, "Growth", "the KPI reads like any other");
  const again = await call(creator.headers, "POST", "/api/kpis/custom/", { ...CUSTOM, categoryId: ids.growth });
  assert.is(again.body.key, "custom_net_promoter_score_2", "the same name gets its own key");

  const changed = await call(creator.headers, "PATCH", `/api/kpis/${id}/settings/`, { name: "NPS", unit: "percentage", higherIsBetter: false, aggregationType: "dd", categoryId: ids.pl, validationState: "validated", sensitivity: 1 });
  assert.is(changed.status, 200);
  assert.equal([changed.body.name, changed.body.unit, changed.body.higherIsBetter, changed.body.aggregationType, changed.body.categoryId, changed.body.validationState, changed.body.sensitivity], ["NPS", "percentage", false, "dd", ids.pl, "validated", 1]);
  assert.equal((await events("KpiSettingsChanged")).map((event) => [...(event.payload as { fields: string[] }).fields].sort()), [["aggregationType", "categoryId", "higherIsBetter", "name", "sensitivity", "unit", "validationState"]]);

  await call(creator.headers, "POST", "/api/kpis/monthly-values/", { values: [{ kpi: id, date: "2026-05-01", value: 42 }] });
  const deleted = await call(creator.headers, "DELETE", `/api/kpis/custom/${id}/`);
  assert.equal(deleted, { status: 200, body: { id, name: "NPS" } });
  const left = await withTenant(tenantId, system, ({ db }) => db.selectFrom("kpi_values").select("kpi_id").where("kpi_id", "=", id).execute());
  assert.equal(left, [], "its values went with it");
  assert.is((await call(creator.headers, "DELETE", `/api/kpis/custom/${id}/`)).status, 404);
  assert.equal((await events("CustomKpiCreated")).length, 2);
  assert.equal((await events("CustomKpiDeleted")).map((event) => { const payload = event.payload as { kpiId: number; name: string }; return [payload.kpiId, payload.name]; }), [[id, "NPS"]]);
});

test("custom KPIs: bad input is a field error and nothing is written", async () => {
  const { ids, userWith, call, events } = await reportingCompany();
  const creator = await userWith(["create_custom_kpis", "read_sensitive"]);
  const post = (body: object) => call(creator.headers, "POST", "/api/kpis/custom/", { ...CUSTOM, categoryId: ids.growth, ...body });
  assert.equal(await post({ name: "" }), { status: 400, body: { name: ["Name the KPI."] } });
  assert.equal(await post({ unit: "bananas" }), { status: 400, body: { unit: ["Choose a unit from the list."] } });
  assert.equal(await post({ cadence: "hourly" }), { status: 400, body: { cadence: ["Choose a reporting cadence from the list."] } });
  assert.equal(await post({ sensitivity: 4 }), { status: 400, body: { sensitivity: ["Choose a sensitivity from 0 to 3."] } });
  assert.equal(await post({ sensitivity: 2 }), { status: 400, body: { sensitivity: [SENSITIVITY_ABOVE_OWN] } }, "above what the creator reads");
  assert.equal(await post({ categoryId: 9_000_000_001 }), { status: 400, body: { categoryId: ["Choose one of the company's categories."] } });
  const other = await reportingCompany();
  assert.is((await post({ categoryId: other.ids.growth })).status, 400, "another company's category is none of ours");
  assert.equal(await events("CustomKpiCreated"), []);
});

test("catalogue KPIs: an administrator tunes sensitivity, cadence and validation; the meaning and the KPI stay", async () => {
  const { ids, userWith, call } = await reportingCompany();
  const admin = await userWith(ADMIN);
  assert.equal((await call(admin.headers, "PATCH", `/api/kpis/${ids.customers}/settings/`, { cadence: "weekly", validationState: "in_validation", sensitivity: 1 })).status, 200);
  const meta = (await call(admin.headers, "GET", "/api/kpis/meta/")).body as { id: number; cadence: string; validationState: string; sensitivity: number }[];
  const customers = meta.find((kpi) => kpi.id === ids.customers)!;
  assert.equal([customers.cadence, customers.validationState, customers.sensitivity], ["weekly", "in_validation", 1]);
  assert.equal(await call(admin.headers, "PATCH", `/api/kpis/${ids.customers}/settings/`, { name: "Clients", unit: "percentage" }), { status: 400, body: { name: [CATALOGUE_FIELD_FIXED], unit: [CATALOGUE_FIELD_FIXED] } });
  assert.equal(await call(admin.headers, "DELETE", `/api/kpis/custom/${ids.customers}/`), { status: 409, body: { detail: NOT_A_CUSTOM_KPI } });
  const creator = await userWith(["create_custom_kpis", "read_super_sensitive"]);
  assert.equal(await call(creator.headers, "PATCH", `/api/kpis/${ids.customers}/settings/`, { cadence: "monthly" }), { status: 403, body: { detail: CATALOGUE_NEEDS_ADMIN } });
});

test("sensitivity: a KPI the caller may not read is 404 on every route; it is never raised past their own level", async () => {
  const { ids, userWith, call } = await reportingCompany();
  const admin = await userWith(["manage_company_settings", "create_custom_kpis", "read_sensitive"]);
  for (const [method, path, body] of [
    ["PATCH", `/api/kpis/${ids.cash}/settings/`, { cadence: "weekly" }],
    ["PUT", `/api/kpis/${ids.cash}/benchmarks/`, { valueBottom25: 1, valueMedian50: 2, valueTop25: 3, top5: 4 }],
    ["PUT", `/api/kpis/${ids.cash}/responsibles/`, { userIds: [] }],
    ["DELETE", `/api/kpis/custom/${ids.cash}/`, undefined],
  ] as const) assert.is((await call(admin.headers, method, path, body)).status, 404, `${method} ${path}`);
  assert.equal(await call(admin.headers, "PATCH", `/api/kpis/${ids.customers}/settings/`, { sensitivity: 3 }), { status: 400, body: { sensitivity: [SENSITIVITY_ABOVE_OWN] } });
  const other = await reportingCompany();
  assert.is((await call(admin.headers, "PATCH", `/api/kpis/${other.ids.customers}/settings/`, { cadence: "weekly" })).status, 404, "another company's KPI");
});

test("responsibles: active people of the company, replaced whole", async () => {
  const { ids, userWith, call, events } = await reportingCompany();
  const admin = await userWith(ADMIN);
  const ada = await userWith(["read_non_sensitive"]);
  const set = await call(admin.headers, "PUT", `/api/kpis/${ids.customers}/responsibles/`, { userIds: [ada.id, ada.id] });
  assert.equal(set.body.responsibles.map((person: { id: number }) => person.id), [ada.id]);
  const other = await reportingCompany();
  const stranger = await other.userWith(["read_non_sensitive"]);
  assert.equal(await call(admin.headers, "PUT", `/api/kpis/${ids.customers}/responsibles/`, { userIds: [ada.id, stranger.id] }), { status: 400, body: { userIds: ["Choose active people of the company."] } });
  assert.equal((await call(admin.headers, "PUT", `/api/kpis/${ids.customers}/responsibles/`, { userIds: [] })).body.responsibles, []);
  assert.is((await events("KpiResponsiblesChanged")).length, 2);
});

test("benchmarks: ordered by the KPI's good direction, all four or none; cards and meta carry them", async () => {
  const { ids, userWith, call, events } = await reportingCompany();
  const admin = await userWith(ADMIN);
  const put = (id: number, body: object) => call(admin.headers, "PUT", `/api/kpis/${id}/benchmarks/`, body);
  assert.is((await put(ids.customers, { valueBottom25: 10, valueMedian50: 20, valueTop25: 30, top5: 40 })).status, 200);
  const meta = (await call(admin.headers, "GET", "/api/kpis/meta/")).body as { id: number; benchmarks: object }[];
  assert.equal(meta.find((kpi) => kpi.id === ids.customers)!.benchmarks, { valueBottom25: 10, valueMedian50: 20, valueTop25: 30, top5: 40 });
  const wrongWay = await put(ids.customers, { valueBottom25: 40, valueMedian50: 30, valueTop25: 20, top5: 10 });
  assert.equal([wrongWay.status, Object.keys(wrongWay.body)], [400, ["valueMedian50", "valueTop25", "top5"]]);
  assert.equal((await put(ids.customers, { valueBottom25: 1, valueMedian50: null, valueTop25: 3, top5: 4 })).body, { valueMedian50: ["Enter all four marks, or none to remove the benchmarks."] });
  assert.is((await put(ids.customers, { valueBottom25: 1, valueMedian50: 2, valueTop25: 3, top5: "4" })).status, 400);
  assert.equal((await put(ids.customers, { valueBottom25: null, valueMedian50: null, valueTop25: null, top5: null })).body.benchmarks, { valueBottom25: null, valueMedian50: null, valueTop25: null, top5: null });
  assert.is((await events("KpiBenchmarksChanged")).length, 2, "only the accepted changes");
  // A custom KPI turned to "lower is better" drops marks ordered the other way.
  const custom = (await call(admin.headers, "POST", "/api/kpis/custom/", { ...CUSTOM, categoryId: ids.growth })).body.id;
  await put(custom, { valueBottom25: 10, valueMedian50: 20, valueTop25: 30, top5: 40 });
  assert.equal((await call(admin.headers, "PATCH", `/api/kpis/${custom}/settings/`, { higherIsBetter: false })).body.benchmarks, { valueBottom25: null, valueMedian50: null, valueTop25: null, top5: null });
});

test("custom categories: created, renamed, deleted with their KPIs in one transaction; catalogue ones stay", async () => {
  const { ids, userWith, call, events, withTenant, tenantId } = await reportingCompany();
  const creator = await userWith(["create_custom_kpis", "read_super_sensitive", "write_super_sensitive"]);
  const created = await call(creator.headers, "POST", "/api/kpis/custom-categories/", { name: "  Customer success " });
  assert.equal({ ...created, body: { ...created.body, id: 0 } }, { status: 201, body: { id: 0, name: "Customer success", kind: "kpi", isCustom: true, kpiCount: 0 } });
  const category = created.body.id;
  assert.equal(await call(creator.headers, "POST", "/api/kpis/custom-categories/", { name: "growth" }), { status: 400, body: { name: ["A category of this name exists already."] } });
  assert.equal(await call(creator.headers, "POST", "/api/kpis/custom-categories/", { name: "" }), { status: 400, body: { name: ["Name the category."] } });
  assert.equal((await call(creator.headers, "PATCH", `/api/kpis/custom-categories/${category}/`, { name: "Success" })).body.name, "Success");
  assert.equal(await call(creator.headers, "PATCH", `/api/kpis/custom-categories/${ids.growth}/`, { name: "Mine now" }), { status: 409, body: { detail: NOT_A_CUSTOM_CATEGORY } });
  assert.equal(await call(creator.headers, "DELETE", `/api/kpis/custom-categories/${ids.growth}/`), { status: 409, body: { detail: NOT_A_CUSTOM_CATEGORY } });

  const first = (await call(creator.headers, "POST", "/api/kpis/custom/", { ...CUSTOM, name: "Churn", categoryId: category })).body.id;
  const second = (await call(creator.headers, "POST", "/api/kpis/custom/", { ...CUSTOM, name: "Tickets", categoryId: category, sensitivity: 3 })).body.id;
  await call(creator.headers, "POST", "/api/kpis/monthly-values/", { values: [{ kpi: first, date: "2026-05-01", value: 3 }] });
  const listed = (await call(creator.headers, "GET", "/api/kpis/management/")).body.categories.find((entry: { id: number }) => entry.id === category);
  assert.is(listed.kpiCount, 2, "the confirmation can say how many go");

  // Someone who may not read the level-3 KPI cannot take it with the category.
  const lower = await userWith(["create_custom_kpis", "read_most_sensitive"]);
  assert.equal(await call(lower.headers, "DELETE", `/api/kpis/custom-categories/${category}/`), { status: 403, body: { detail: CATEGORY_NOT_ALL_READABLE } });

  const deleted = await call(creator.headers, "DELETE", `/api/kpis/custom-categories/${category}/`);
  assert.equal(deleted, { status: 200, body: { id: category, name: "Success", deletedKpis: 2 } });
  const remaining = await withTenant(tenantId, system, async ({ db }) => ({
    kpis: await db.selectFrom("kpis").select("id").where("id", "in", [first, second]).execute(),
    values: await db.selectFrom("kpi_values").select("kpi_id").where("kpi_id", "=", first).execute(),
    category: await db.selectFrom("kpi_categories").select("id").where("id", "=", category).execute(),
  }));
  assert.equal(remaining, { kpis: [], values: [], category: [] });
  assert.equal((await events("KpiCategoryDeleted")).map((event) => (event.payload as { kpiIds: number[] }).kpiIds), [[first, second]]);
  assert.is((await call(creator.headers, "DELETE", `/api/kpis/custom-categories/${category}/`)).status, 404);
  const other = await reportingCompany();
  const foreign = await other.userWith(["create_custom_kpis", "read_super_sensitive"]);
  const theirs = (await other.call(foreign.headers, "POST", "/api/kpis/custom-categories/", { name: "Theirs" })).body.id;
  assert.is((await call(creator.headers, "DELETE", `/api/kpis/custom-categories/${theirs}/`)).status, 404, "another company's category");
  assert.is((await call(creator.headers, "PATCH", `/api/kpis/custom-categories/${theirs}/`, { name: "x" })).status, 404);
});

test("a KPI another KPI's formula reads is not deleted, nor is its category: nothing goes", async () => {
  const { ids, userWith, call, withTenant, tenantId } = await reportingCompany();
  const creator = await userWith(["create_custom_kpis", "read_super_sensitive"]);
  const category = (await call(creator.headers, "POST", "/api/kpis/custom-categories/", { name: "Inputs" })).body.id;
  const input = (await call(creator.headers, "POST", "/api/kpis/custom/", { ...CUSTOM, name: "Heads", categoryId: category })).body;
  await withTenant(tenantId, system, ({ db }) =>
    db.insertInto("kpis").values({ tenant_id: tenantId, category_id: ids.growth, parent_id: null, key: "revenue_per_head", name: "Revenue per head", unit: "currency", aggregation_type: "ad", formula: `revenue / ${input.key}`, benchmark_bottom25: null, benchmark_median50: null, benchmark_top25: null, benchmark_top5: null }).execute(),
  );
  const message = "Revenue per head uses this KPI in its formula: change that formula first.";
  assert.equal(await call(creator.headers, "DELETE", `/api/kpis/custom/${input.id}/`), { status: 409, body: { detail: message } });
  assert.equal(await call(creator.headers, "DELETE", `/api/kpis/custom-categories/${category}/`), { status: 409, body: { detail: message } });
  const still = await withTenant(tenantId, system, ({ db }) => db.selectFrom("kpis").select("id").where("id", "=", input.id).execute());
  assert.is(still.length, 1);
});

test("events reach only the people who may read the KPI they are about", async () => {
  const { ids, userWith, withTenant, tenantId } = await reportingCompany();
  const low = await userWith(["read_non_sensitive"]);
  const high = await userWith(["read_super_sensitive"]);
  const none = await userWith(["access_my_dashboard"]);
  const seen = (type: string, payload: object, userId: number) => withTenant(tenantId, system, (context) => kpiSettingsEventFilters[type]!(payload, context, userId));
  assert.equal([await seen("KpiSettingsChanged", { kpiId: ids.cash }, low.id), await seen("KpiSettingsChanged", { kpiId: ids.cash }, high.id)], [null, { kpiId: ids.cash }]);
  assert.equal(await seen("GlossaryEntryApproved", { kpiId: ids.customers }, low.id), { kpiId: ids.customers });
  assert.is(await seen("CustomKpiDeleted", { kpiId: 1, name: "Secret", sensitivity: 3 }, low.id), null);
  assert.ok(await seen("CustomKpiDeleted", { kpiId: 1, name: "Secret", sensitivity: 3 }, high.id));
  assert.equal([await seen("KpiCategoryCreated", { categoryId: 1 }, low.id), await seen("KpiCategoryCreated", { categoryId: 1 }, none.id)], [{ categoryId: 1 }, null]);
  assert.is(await seen("KpiSettingsChanged", { kpiId: "x" }, high.id), null);
});

test.run();
