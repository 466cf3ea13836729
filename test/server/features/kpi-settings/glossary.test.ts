import { test } from "uvu";
import * as assert from "uvu/assert";
import { APPROVAL_NEEDS_OWNER, DEFINITION_REQUIRED } from "../../../../src/domain/kpi/glossary";
import { reportingCompany, system } from "../kpis/reporting-fixture";

const ADMIN = ["manage_company_settings", "read_super_sensitive"];

test("glossary: an administrator writes a draft, readers see it once approved; editing returns it to draft", async () => {
  const { ids, userWith, call, events } = await reportingCompany();
  const admin = await userWith(ADMIN);
  const reader = await userWith(["read_non_sensitive"]);
  const owner = await userWith(["read_non_sensitive"]);
  const entry = { definition: "Paying customers at month end", formulaInWords: "Count of active contracts", source: "CRM", ownerId: owner.id };
  const saved = await call(admin.headers, "PUT", `/api/kpis/${ids.customers}/glossary/`, entry);
  assert.is(saved.status, 200);
  assert.equal([saved.body.state, saved.body.definition, saved.body.owner.id, saved.body.unit, saved.body.higherIsBetter, saved.body.categoryName, saved.body.approvedAt], ["draft", entry.definition, owner.id, "number", true, "Growth", null]);
  const readerView = () => call(reader.headers, "GET", "/api/kpis/glossary/").then((answer) => answer.body);
  assert.equal(await readerView(), { entries: [], canEdit: false, people: [] }, "a draft is not the readers' yet");

  const approved = await call(admin.headers, "POST", `/api/kpis/${ids.customers}/glossary/approve/`);
  assert.equal([approved.status, approved.body.state, typeof approved.body.approvedAt, approved.body.approvedBy !== null], [200, "approved", "string", true]);
  assert.equal((await readerView()).entries.map((shown: { kpiId: number; state: string }) => [shown.kpiId, shown.state]), [[ids.customers, "approved"]]);
  assert.equal(await call(admin.headers, "POST", `/api/kpis/${ids.customers}/glossary/approve/`), { status: 409, body: { detail: "This entry is approved already." } });

  assert.is((await call(admin.headers, "PUT", `/api/kpis/${ids.customers}/glossary/`, entry)).body.state, "approved", "saved unchanged, it stays approved");
  const edited = await call(admin.headers, "PUT", `/api/kpis/${ids.customers}/glossary/`, { ...entry, source: "Billing" });
  assert.equal([edited.body.state, edited.body.approvedAt], ["draft", null]);
  assert.equal((await readerView()).entries, [], "the changed wording waits for approval");
  assert.equal((await events("GlossaryEntrySaved")).map((event) => (event.payload as { state: string }).state), ["draft", "draft"]);
  assert.is((await events("GlossaryEntryApproved")).length, 1);
});

test("glossary: administrators see drafts and KPIs without an entry; only readable KPIs for anyone", async () => {
  const { ids, userWith, call } = await reportingCompany();
  const admin = await userWith(["manage_company_settings", "read_sensitive"]);
  const list = (await call(admin.headers, "GET", "/api/kpis/glossary/")).body;
  assert.equal(list.entries.map((entry: { kpiId: number; state: string }) => [entry.kpiId, entry.state]), [[ids.revenue, "none"], [ids.customers, "none"]]);
  assert.ok(list.canEdit && list.people.length >= 1);
  assert.is((await call(admin.headers, "PUT", `/api/kpis/${ids.cash}/glossary/`, { definition: "Cash", formulaInWords: "", source: "", ownerId: null })).status, 404, "a KPI above the administrator's level");
  const top = await userWith(ADMIN);
  await call(top.headers, "PUT", `/api/kpis/${ids.cash}/glossary/`, { definition: "Cash at bank", formulaInWords: "", source: "", ownerId: top.id });
  await call(top.headers, "POST", `/api/kpis/${ids.cash}/glossary/approve/`);
  const reader = await userWith(["read_sensitive"]);
  assert.equal((await call(reader.headers, "GET", "/api/kpis/glossary/")).body.entries, [], "cash's entry is not readable at level 1");
});

test("glossary: validation, approval rules, permissions and the feature flag", async () => {
  const { ids, userWith, call, events } = await reportingCompany();
  const admin = await userWith(ADMIN);
  const put = (body: object) => call(admin.headers, "PUT", `/api/kpis/${ids.customers}/glossary/`, { definition: "Customers", formulaInWords: "", source: "", ownerId: null, ...body });
  assert.equal(await put({ definition: "   " }), { status: 400, body: { definition: [DEFINITION_REQUIRED] } });
  assert.is((await put({ definition: "x".repeat(2001) })).status, 400);
  assert.is((await put({ ownerId: 9_000_000_001 })).status, 400);
  const other = await reportingCompany();
  const stranger = await other.userWith(["read_non_sensitive"]);
  assert.equal(await put({ ownerId: stranger.id }), { status: 400, body: { ownerId: ["Choose an active person of the company."] } });
  assert.equal(await call(admin.headers, "POST", `/api/kpis/${ids.customers}/glossary/approve/`), { status: 409, body: { detail: "Write the entry before approving it." } });
  assert.is((await put({})).status, 200);
  assert.equal(await call(admin.headers, "POST", `/api/kpis/${ids.customers}/glossary/approve/`), { status: 409, body: { detail: APPROVAL_NEEDS_OWNER } });
  assert.is((await events("GlossaryEntryApproved")).length, 0);
  const writer = await userWith(["create_custom_kpis", "read_super_sensitive"]);
  assert.is((await call(writer.headers, "PUT", `/api/kpis/${ids.customers}/glossary/`, { definition: "x", formulaInWords: "", source: "", ownerId: null })).status, 403);
  assert.is((await call(writer.headers, "POST", `/api/kpis/${ids.customers}/glossary/approve/`)).status, 403);
  assert.is((await call(admin.headers, "PUT", `/api/kpis/${other.ids.customers}/glossary/`, { definition: "x", formulaInWords: "", source: "", ownerId: null })).status, 404, "another company's KPI");
  const noReading = await userWith(["access_my_dashboard"]);
  assert.is((await call(noReading.headers, "GET", "/api/kpis/glossary/")).status, 403);
});

test("glossary: a company without the kpi_glossary feature gets 403 everywhere", async () => {
  const company = await reportingCompany();
  const admin = await company.userWith(ADMIN);
  await company.withTenant(company.tenantId, system, ({ db }) => db.updateTable("tenants").set({ features: JSON.stringify({ kpi_glossary: false }) }).execute());
  assert.is((await company.call(admin.headers, "GET", "/api/kpis/glossary/")).status, 403);
  assert.is((await company.call(admin.headers, "PUT", `/api/kpis/${company.ids.customers}/glossary/`, { definition: "x", formulaInWords: "", source: "", ownerId: null })).status, 403);
});

test.run();
