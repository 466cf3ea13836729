// No confidential value through a formula, on the demo data: Demo GmbH's operating expenses are
// personnel costs (level 2) plus three level-1 lines, and ARPA (level 0) is MRR (level 1) over
// paying customers (level 0). Read by their own levels, they gave the employee (levels 0-1)
// personnel costs by subtraction and the external user (level 0) MRR by multiplication. Read by
// their effective levels, neither is obtainable through any read route or the event stream.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { dependenciesOf, parseFormula } from "../../../../src/domain/kpi/formula";
import { DEMO_GMBH_ID } from "../../../../src/server/db/seed/demo-companies";
import { seedDemoData } from "../../../../src/server/db/seed/seed-demo";
import { kpiValueEditedFilter } from "../../../../src/server/features/kpis/kpi-event-filter";
import { testApp } from "../../../support/app";
import { testDatabase } from "../../../support/database";
import { readServerEvents } from "../../../support/sse";

// The same "today" as the other demo seed tests, so the shared database holds one seed whoever seeds it.
const NOW = new Date("2026-11-21T10:00:00Z");
const MONTH = "2026-10-01"; // the newest month with actuals
const system = { kind: "system", name: "test" } as const;

type Kpi = { id: number; key: string; sensitivity: number; formula: string | null };
type Meta = { id: number; key: string; formula: string | null; parentId: number | null; sensitivity: number };

let demo: ReturnType<typeof seededDemo> | undefined;
/** The demo seed in the shared test database (this test changes none of it) and the app over it. */
const demoGmbh = () => (demo ??= seededDemo());
test.after(async () => {
  if (demo) await (await demo).app.close();
});

async function seededDemo() {
  const { database, withTenant } = await testDatabase();
  await seedDemoData(database, withTenant, NOW);
  const { app, services } = await testApp();
  const { users, kpis } = await withTenant(DEMO_GMBH_ID, system, async ({ db }) => ({
    users: await db.selectFrom("users").select(["id", "email"]).execute(),
    kpis: (await db.selectFrom("kpis").select(["id", "key", "sensitivity", "formula"]).execute()) as Kpi[],
  }));
  const kpi = (key: string) => kpis.find((candidate) => candidate.key === key)!;
  const userId = (email: string) => users.find((user) => user.email === email)!.id;
  const headersOf = async (email: string) => ({ authorization: `Bearer ${await services.signer.sign("access", { tenantId: DEMO_GMBH_ID, userId: userId(email) }, 300)}` });
  /** Everything a user may ask about KPI values, as the routes answer it. */
  const readAs = async (email: string) => {
    const headers = await headersOf(email);
    const get = async (url: string) => {
      const response = await app.inject({ method: "GET", url, headers });
      assert.is(response.statusCode, 200, `${email} ${url}: ${response.body}`);
      return response.json();
    };
    const post = (url: string, payload: object) => app.inject({ method: "POST", url, headers, payload });
    return {
      meta: async () => (await get("/api/kpis/meta/")) as Meta[],
      aggregates: async (idList?: number[]) => (await get(`/api/kpis/aggregates/?endDate=${MONTH}${idList ? `&idList=${idList.join(",")}` : ""}`)).results as Record<string, { ytd: { actualValue: number | null } }>,
      history: async (idList?: number[]) => (await get(`/api/kpis/history/?endDate=${MONTH}&timeRange=12${idList ? `&idList=${idList.join(",")}` : ""}`)).results as Record<string, { actual: number | null }[]>,
      values: (idList?: number[]) => post("/api/kpis/values/", { startDate: "2025-11-01", date: MONTH, includePlanning: true, ...(idList ? { idList } : {}) }),
      favorite: (id: number) => post("/api/kpis/favorites/", { kpi: id }),
    };
  };
  return { app, services, withTenant, users, kpi, userId, headersOf, readAs };
}

/** The actual of `month` in a values answer. */
const actualIn = (answer: { kpis: { id: number; values: { date: string; value: number | null }[] }[] }, id: number, month = MONTH) =>
  answer.kpis.find((kpi) => kpi.id === id)!.values.find((value) => value.date === month)!.value;

test("the demo's premise: a total and a ratio whose own levels are below their inputs'", async () => {
  const { kpi, readAs } = await demoGmbh();
  assert.equal([kpi("total_opex").sensitivity, kpi("personnel_costs").sensitivity, kpi("marketing_costs").sensitivity, kpi("rent_office").sensitivity, kpi("other_opex").sensitivity], [1, 2, 1, 1, 1]);
  assert.equal([...dependenciesOf(parseFormula(kpi("total_opex").formula!))].sort(), ["marketing_costs", "other_opex", "personnel_costs", "rent_office"]);
  assert.equal([kpi("arpa").sensitivity, kpi("mrr").sensitivity, kpi("customers").sensitivity, kpi("arpa").formula], [0, 1, 0, "mrr / customers"]);
  // Who reads everything sees how the subtraction and the multiplication would go.
  const cLevel = await readAs("c-level@demo.example");
  const values = (await cLevel.values()).json();
  const [opex, personnel, marketing, rent, other] = ["total_opex", "personnel_costs", "marketing_costs", "rent_office", "other_opex"].map((key) => actualIn(values, kpi(key).id)!);
  assert.ok(Math.abs(opex! - marketing! - rent! - other! - personnel!) < 1e-6, "opex − the three lines = personnel costs");
  assert.ok(Math.abs(actualIn(values, kpi("arpa").id)! * actualIn(values, kpi("customers").id)! - actualIn(values, kpi("mrr").id)!) < 1e-6, "ARPA × customers = MRR");
});

test("the demo employee reads the three cost lines but no longer operating expenses: not in meta, aggregates, history, values or favorites", async () => {
  const { kpi, readAs } = await demoGmbh();
  const employee = await readAs("employee@demo.example");
  const opex = kpi("total_opex").id;
  const meta = await employee.meta();
  const keys = new Set(meta.map((item) => item.key));
  for (const line of ["marketing_costs", "rent_office", "other_opex"]) assert.ok(keys.has(line), `${line} is readable`);
  assert.not.ok(keys.has("personnel_costs"), "personnel costs are level 2");
  assert.not.ok(keys.has("total_opex"), "operating expenses read personnel costs, so they are level 2 too");
  assert.is(meta.find((item) => item.key === "marketing_costs")!.parentId, null, "the hidden total is not named as the line's parent");

  assert.not.ok(String(opex) in (await employee.aggregates()));
  assert.equal(await employee.aggregates([opex]), {});
  assert.not.ok(String(opex) in (await employee.history()));
  assert.equal(await employee.history([opex]), {});
  const all = await employee.values();
  assert.is(all.statusCode, 200);
  assert.not.ok((all.json().kpis as { id: number }[]).some((item) => item.id === opex));
  assert.is((await employee.values([opex])).statusCode, 404);
  assert.is((await employee.values([kpi("marketing_costs").id, opex])).statusCode, 404);
  assert.is((await employee.favorite(opex)).statusCode, 404);

  // Nor does the number itself appear anywhere in what the employee gets.
  const cLevel = await readAs("c-level@demo.example");
  const opexMonth = actualIn((await cLevel.values([opex])).json(), opex)!;
  const opexYtd = (await cLevel.aggregates([opex]))[String(opex)]!.ytd.actualValue!;
  const seen = JSON.stringify([meta, await employee.aggregates(), await employee.history(), all.json()]);
  for (const secret of [opexMonth, opexYtd]) assert.not.ok(seen.includes(String(secret)), `${secret} is not in the employee's answers`);
});

test("the demo external user reads paying customers but no longer ARPA, so never MRR", async () => {
  const { kpi, readAs } = await demoGmbh();
  const external = await readAs("external@demo.example");
  const arpa = kpi("arpa").id;
  const keys = new Set((await external.meta()).map((item) => item.key));
  assert.ok(keys.has("customers"));
  assert.not.ok(keys.has("mrr"), "MRR is level 1");
  assert.not.ok(keys.has("arpa"), "ARPA reads MRR, so it is level 1 too");
  assert.equal(await external.aggregates([arpa]), {});
  assert.equal(await external.history([arpa]), {});
  assert.not.ok(String(arpa) in (await external.aggregates()));
  assert.not.ok(((await external.values()).json().kpis as { id: number }[]).some((item) => item.id === arpa));
  assert.is((await external.values([arpa])).statusCode, 404);
  assert.is((await external.favorite(arpa)).statusCode, 404);
});

test("every Demo GmbH user: what they read is closed under formula inputs, and every read route answers the same KPIs", async () => {
  const { users, kpi, readAs } = await demoGmbh();
  const lost = new Map<string, string[]>();
  for (const { email } of users) {
    const reader = await readAs(email);
    const meta = await reader.meta();
    const readable = new Set(meta.map((item) => item.key));
    for (const item of meta) {
      if (item.formula === null) continue;
      for (const input of dependenciesOf(parseFormula(item.formula))) assert.ok(readable.has(input), `${email}: ${item.key} reads ${input}, which they may read too`);
      assert.ok(item.sensitivity >= Math.max(...[...dependenciesOf(parseFormula(item.formula))].map((input) => kpi(input).sensitivity)), `${email}: ${item.key}'s level covers its inputs'`);
    }
    const ids = meta.map((item) => String(item.id)).sort();
    assert.equal(Object.keys(await reader.aggregates()).sort(), ids, `${email}: aggregates`);
    assert.equal(Object.keys(await reader.history()).sort(), ids, `${email}: history`);
    assert.equal(((await reader.values()).json().kpis as { id: number }[]).map((item) => String(item.id)).sort(), ids, `${email}: values`);
    lost.set(email, ["total_opex", "arpa"].filter((key) => !readable.has(key)));
  }
  // Who loses what: readers below level 2 the total, readers of level 0 only also ARPA.
  assert.equal(lost.get("employee@demo.example"), ["total_opex"]);
  assert.equal(lost.get("investor@demo.example"), ["total_opex"]);
  assert.equal(lost.get("external@demo.example"), ["total_opex", "arpa"]);
  assert.equal(lost.get("c-level@demo.example"), []);
});

test("the event stream: value events reach a user only with the KPIs they may read by effective level", async () => {
  const { app, withTenant, kpi, userId, headersOf } = await demoGmbh();
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  const stream = async (email: string) => fetch(`${address}/api/events/stream/`, { headers: await headersOf(email) });
  const employeeEvents = readServerEvents(await stream("employee@demo.example"), 2);
  const externalEvents = readServerEvents(await stream("external@demo.example"), 2);
  await new Promise((resolve) => setTimeout(resolve, 100));
  // An edit's event as the route appends it, here without changing the demo's values; it also
  // names the calculated KPIs, so the filter is tested on them too.
  const keys = ["personnel_costs", "marketing_costs", "total_opex", "mrr", "customers", "arpa"];
  const values = keys.map((key, index) => ({ kpi: kpi(key).id, date: "2030-01-01", value: index + 1 }));
  await withTenant(DEMO_GMBH_ID, system, async (context) => {
    await context.appendEvent({ type: "KpiValueEdited", payload: { values, by: userId("c-level@demo.example") } });
    await context.appendEvent({ type: "SomethingPublic", payload: {} });
  });
  const received = async (events: Promise<{ type: string; payload: unknown }[]>) => {
    const all = await events;
    assert.equal(all.map((event) => event.type), ["KpiValueEdited", "SomethingPublic"]);
    const edited = all[0]!.payload as { values: { kpi: number }[] };
    return edited.values.map((value) => keys.find((key) => kpi(key).id === value.kpi));
  };
  assert.equal(await received(employeeEvents), ["marketing_costs", "mrr", "customers", "arpa"], "no personnel costs, no operating expenses");
  assert.equal(await received(externalEvents), ["customers"], "no MRR, no ARPA");

  // The filter itself, on a payload naming only what the reader may not see: nothing at all.
  const onlyOpex = { values: [{ kpi: kpi("total_opex").id, date: "2030-01-01", value: 1 }], by: 0 };
  await withTenant(DEMO_GMBH_ID, system, async (context) => {
    assert.is(await kpiValueEditedFilter(onlyOpex, context, userId("employee@demo.example")), null);
    assert.equal(await kpiValueEditedFilter(onlyOpex, context, userId("c-level@demo.example")), onlyOpex);
  });
});

test.run();
