import { test } from "uvu";
import * as assert from "uvu/assert";
import { DEMO_PL_COLUMNS } from "../../../../src/server/db/seed/demo-reporting";
import { reportingCompany, system } from "./reporting-fixture";

const ADMIN = ["manage_company_settings", "read_super_sensitive"];

test("categories: ordered by position, filtered by kind, with their columns", async () => {
  const { ids, userWith, call } = await reportingCompany();
  const reader = await userWith(["read_non_sensitive"]);
  const pl = { id: ids.pl, name: "P&L", kind: "financial", isComplex: false, flexibleColumnsConfig: [] };
  const growth = { id: ids.growth, name: "Growth", kind: "kpi", isComplex: false, flexibleColumnsConfig: [] };
  assert.equal(await call(reader.headers, "GET", "/api/kpis/categories/"), { status: 200, body: { categories: [pl, growth] } });
  assert.equal((await call(reader.headers, "GET", "/api/kpis/categories/?kind=financial")).body, { categories: [pl] });
  assert.equal((await call(reader.headers, "GET", "/api/kpis/categories/?kind=kpi")).body, { categories: [growth] });
  assert.equal(await call(reader.headers, "GET", "/api/kpis/categories/?kind=finance"), { status: 400, body: { kind: ["Choose financial or kpi."] } });
  const noReading = await userWith(["access_my_dashboard"]);
  assert.is((await call(noReading.headers, "GET", "/api/kpis/categories/")).status, 403);
});

test("categories: an administrator sets the columns; KPI meta carries them; one event", async () => {
  const { ids, userWith, call, events } = await reportingCompany();
  const admin = await userWith(ADMIN);
  const changed = await call(admin.headers, "PATCH", `/api/kpis/categories/${ids.pl}/`, { flexibleColumnsConfig: DEMO_PL_COLUMNS });
  assert.equal(changed, { status: 200, body: { id: ids.pl, name: "P&L", kind: "financial", isComplex: false, flexibleColumnsConfig: DEMO_PL_COLUMNS } });
  assert.equal((await call(admin.headers, "GET", "/api/kpis/categories/?kind=financial")).body.categories[0].flexibleColumnsConfig, DEMO_PL_COLUMNS);
  const meta = (await call(admin.headers, "GET", "/api/kpis/meta/")).body as { id: number; category: { flexibleColumnsConfig: unknown[] } }[];
  assert.equal(meta.find((kpi) => kpi.id === ids.revenue)!.category.flexibleColumnsConfig, DEMO_PL_COLUMNS);
  assert.equal((await events("CategoryColumnsChanged")).map((event) => event.payload), [{ categoryId: ids.pl, flexibleColumnsConfig: DEMO_PL_COLUMNS }]);
  const fixed = [{ id: "fy25", type: "fixed_period", dataType: "actuals", period: { range: { startDate: "2025-04-01", endDate: "2026-03-01" } } }];
  assert.equal((await call(admin.headers, "PATCH", `/api/kpis/categories/${ids.pl}/`, { flexibleColumnsConfig: fixed })).body.flexibleColumnsConfig, fixed);
  assert.equal((await call(admin.headers, "PATCH", `/api/kpis/categories/${ids.pl}/`, { flexibleColumnsConfig: [] })).body.flexibleColumnsConfig, [], "no columns is allowed");
});

test("categories: invalid columns are field errors by column, and nothing changes", async () => {
  const { ids, userWith, call, events, withTenant, tenantId } = await reportingCompany();
  const admin = await userWith(ADMIN);
  const patch = (flexibleColumnsConfig: unknown) => call(admin.headers, "PATCH", `/api/kpis/categories/${ids.pl}/`, { flexibleColumnsConfig });
  const actual = { id: "actual", type: "ytd", dataType: "actuals" };
  const plan = { id: "plan", type: "ytd", dataType: "planning" };
  assert.equal(await patch([actual, { ...plan, id: "actual" }]), { status: 400, body: { "flexibleColumnsConfig.1.id": ["Column ids must be unique."] } });
  assert.equal(await patch([actual, { id: "d", type: "deviation", deviation: { baseLineColumn: "plan", comparisonColumn: "actual", displayIn: "absolute" } }]), {
    status: 400,
    body: { "flexibleColumnsConfig.1.deviation.baseLineColumn": ["Choose another column of this table that is not a deviation."] },
  });
  assert.equal(await patch([actual, { id: "d", type: "deviation", deviation: { baseLineColumn: "actual", comparisonColumn: "d", displayIn: "percent" } }]), {
    status: 400,
    body: { "flexibleColumnsConfig.1.deviation.comparisonColumn": ["Choose another column of this table that is not a deviation."] },
  });
  const chained = [
    actual,
    plan,
    { id: "d1", type: "deviation", deviation: { baseLineColumn: "plan", comparisonColumn: "actual", displayIn: "absolute" } },
    { id: "d2", type: "deviation", deviation: { baseLineColumn: "d1", comparisonColumn: "actual", displayIn: "absolute" } },
  ];
  assert.equal((await patch(chained)).body, { "flexibleColumnsConfig.3.deviation.baseLineColumn": ["Choose another column of this table that is not a deviation."] });
  assert.equal(await patch([{ id: "d", type: "deviation" }]), { status: 400, body: { "flexibleColumnsConfig.0.deviation": ["A deviation column needs a baseline and a comparison column."] } });
  assert.equal(await patch([{ id: "a", type: "ltm" }]), { status: 400, body: { "flexibleColumnsConfig.0.dataType": ["Choose which data the column shows."] } });
  assert.equal(await patch([{ id: "a", type: "fixed_period", dataType: "actuals" }]), { status: 400, body: { "flexibleColumnsConfig.0.period": ["A fixed period needs a start and an end date."] } });
  assert.equal(await patch([{ id: "a", type: "fixed_period", dataType: "actuals", period: { range: { startDate: "2026-05-01", endDate: "2026-04-01" } } }]), {
    status: 400,
    body: { "flexibleColumnsConfig.0.period.range.startDate": ["The start date must not be after the end date."] },
  });
  const many = Array.from({ length: 21 }, (_, index) => ({ ...actual, id: `c${index}` }));
  assert.equal(await patch(many), { status: 400, body: { flexibleColumnsConfig: ["Use at most 20 columns."] } });
  assert.is((await patch(many.slice(0, 20))).status, 200, "20 columns are fine");
  const badType = await patch([{ id: "a", type: "quarter", dataType: "actuals" }]);
  assert.equal([badType.status, Object.keys(badType.body)], [400, ["flexibleColumnsConfig.0.type"]]);
  const badOffset = await patch([{ ...actual, offset: { value: 1.5, type: "year" } }]);
  assert.equal([badOffset.status, Object.keys(badOffset.body)], [400, ["flexibleColumnsConfig.0.offset.value"]]);
  assert.is((await patch(null)).status, 400);
  const stored = await withTenant(tenantId, system, ({ db }) => db.selectFrom("kpi_categories").select("flexible_columns_config").where("id", "=", ids.pl).executeTakeFirstOrThrow());
  assert.equal(stored.flexible_columns_config, many.slice(0, 20), "only the accepted change is stored");
  assert.is((await events("CategoryColumnsChanged")).length, 1);
});

test("categories: another company's category is unknown; changes need manage_company_settings", async () => {
  const { ids, userWith, call } = await reportingCompany();
  const admin = await userWith(ADMIN);
  const other = await reportingCompany();
  assert.is((await call(admin.headers, "PATCH", `/api/kpis/categories/${other.ids.pl}/`, { flexibleColumnsConfig: [] })).status, 404);
  assert.is((await call(admin.headers, "PATCH", "/api/kpis/categories/pl/", { flexibleColumnsConfig: [] })).status, 400, "a path id is a whole number");
  assert.is((await call(admin.headers, "PATCH", "/api/kpis/categories/9007199254740993/", { flexibleColumnsConfig: [] })).status, 404, "past the range of ids: no such category");
  const otherStored = (await other.call((await other.userWith(ADMIN)).headers, "GET", "/api/kpis/categories/")).body.categories;
  assert.ok(otherStored.every((category: { flexibleColumnsConfig: unknown[] }) => category.flexibleColumnsConfig.length === 0));
  const cLevel = await userWith(["read_super_sensitive", "write_super_sensitive"]);
  assert.is((await call(cLevel.headers, "PATCH", `/api/kpis/categories/${ids.pl}/`, { flexibleColumnsConfig: [] })).status, 403);
  const staff = await userWith([], { isStaff: true });
  assert.is((await call(staff.headers, "PATCH", `/api/kpis/categories/${ids.pl}/`, { flexibleColumnsConfig: [] })).status, 200);
});

test.run();
