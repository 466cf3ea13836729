// Who sees which report: writers all of the company's, readers the visible ones shared with them;
// another company's report and a hidden one are 404 with the spec's text; a holding instance is
// refused; names are unique per company; sections are named and ordered as the spec says.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { MAX_SECTIONS, TOO_MANY_SECTIONS, HOLDING_REFUSED, REPORT_NAME_TAKEN, REPORT_NOT_FOUND, SECTIONS_INCOMPLETE, VARIANT_NOT_AVAILABLE, KPI_UNKNOWN } from "../../../../src/domain/investor-reporting/texts";
import { investorCompany } from "./fixture";

test("readers see visible reports shared with them; hidden, unshared and foreign reports are 404 with the spec's text", async () => {
  const { call, writer, reader, other, nobody, ok, boardPack, stranger } = await investorCompany();
  const { id } = await boardPack();
  const second = ok(await call(writer.headers, "POST", "/api/investor-reporting/reports/", { name: "Internal", endDate: "2026-06-01" }), 201).id;
  assert.equal(ok(await call(writer.headers, "GET", "/api/investor-reporting/reports/")).reports.map((report: { id: number }) => report.id).sort(), [id, second].sort());
  assert.equal(ok(await call(reader.headers, "GET", "/api/investor-reporting/reports/")).reports.map((report: { id: number }) => report.id), [id]);
  assert.equal(ok(await call(other.headers, "GET", "/api/investor-reporting/reports/")).reports, []);
  const notFound = await call(other.headers, "GET", `/api/investor-reporting/reports/${id}/`);
  assert.equal([notFound.status, notFound.body], [404, { detail: REPORT_NOT_FOUND }]);
  ok(await call(writer.headers, "PATCH", `/api/investor-reporting/reports/${id}/`, { isVisible: false }));
  assert.is((await call(reader.headers, "GET", `/api/investor-reporting/reports/${id}/data/`)).status, 404, "hidden from readers");
  assert.is((await call(nobody.headers, "GET", "/api/investor-reporting/reports/")).status, 403);
  const foreign = await stranger();
  for (const [method, path] of [["GET", `/api/investor-reporting/reports/${id}/`], ["GET", `/api/investor-reporting/reports/${id}/data/`], ["POST", `/api/investor-reporting/reports/${id}/approve/`], ["DELETE", `/api/investor-reporting/reports/${id}/`], ["POST", `/api/investor-reporting/reports/${id}/export/xlsx/`]] as const) {
    const answer = await call(foreign.headers, method, path);
    assert.equal([answer.status, answer.body], [404, { detail: REPORT_NOT_FOUND }], `${method} ${path}`);
  }
  assert.is((await call(foreign.headers, "POST", "/api/investor-reporting/schema-templates/", { name: "Steal", reportId: id })).status, 404);
  assert.is(ok(await call(writer.headers, "GET", `/api/investor-reporting/reports/${id}/`)).status, "draft", "untouched");
});

test("a report is shared with the people who may read investor reports, by name; readers cannot ask", async () => {
  const { call, writer, reader, other, nobody, ok } = await investorCompany();
  const { users } = ok(await call(writer.headers, "GET", "/api/investor-reporting/share-candidates/"));
  const ids = users.map((user: { id: number }) => user.id);
  for (const person of [writer, reader, other]) assert.ok(ids.includes(person.id), `user ${person.id} reads investor reports`);
  assert.not.ok(ids.includes(nobody.id), "no permission, no use sharing with them");
  assert.ok(users.every((user: Record<string, unknown>) => Object.keys(user).sort().join() === "id,name"), "names only, no e-mail addresses");
  assert.is((await call(reader.headers, "GET", "/api/investor-reporting/share-candidates/")).status, 403);
});

test("a holding instance is refused investor reporting, whatever its permissions", async () => {
  const { call, stranger } = await investorCompany();
  const holding = await stranger("holding");
  for (const [method, path, body] of [["GET", "/api/investor-reporting/reports/", undefined], ["POST", "/api/investor-reporting/reports/", { name: "Roll-up", endDate: "2026-06-01" }], ["GET", "/api/investor-reporting/section-variants/", undefined]] as const) {
    const answer = await call(holding.headers, method, path, body);
    assert.equal([answer.status, answer.body], [403, { detail: HOLDING_REFUSED }], `${method} ${path}`);
  }
  const investor = await stranger("investor");
  assert.is((await call(investor.headers, "GET", "/api/investor-reporting/reports/")).status, 200, "an investor instance reports too");
});

test("report names are unique per company whatever their case; the same name in another company is fine", async () => {
  const { call, writer, ok, stranger } = await investorCompany();
  ok(await call(writer.headers, "POST", "/api/investor-reporting/reports/", { name: "Board pack", endDate: "2026-06-01" }), 201);
  const clash = await call(writer.headers, "POST", "/api/investor-reporting/reports/", { name: " BOARD PACK ", endDate: "2026-03-01" });
  assert.equal([clash.status, clash.body], [400, { name: [REPORT_NAME_TAKEN] }]);
  const other = ok(await call(writer.headers, "POST", "/api/investor-reporting/reports/", { name: "Other", endDate: "2026-06-01" }), 201);
  assert.equal((await call(writer.headers, "PATCH", `/api/investor-reporting/reports/${other.id}/`, { name: "board pack" })).body, { name: [REPORT_NAME_TAKEN] });
  assert.equal((await call(writer.headers, "POST", `/api/investor-reporting/reports/${other.id}/duplicate/`, { name: "Board Pack" })).body, { name: [REPORT_NAME_TAKEN] });
  const foreign = await stranger();
  assert.is((await call(foreign.headers, "POST", "/api/investor-reporting/reports/", { name: "Board pack", endDate: "2026-06-01" })).status, 201);
  assert.is((await call(writer.headers, "POST", "/api/investor-reporting/reports/", { name: "x", endDate: "2026-06-15" })).status, 400, "an end date is a month");
});

test("sections: named 'Section n' after the highest, KPI defaults, sort all or nothing; deepdrill refused; unreadable KPIs refused", async () => {
  const { call, writer, ok, ids, userWith } = await investorCompany();
  const id = ok(await call(writer.headers, "POST", "/api/investor-reporting/reports/", { name: "Sections", endDate: "2026-06-01" }), 201).id;
  const add = (body: unknown) => call(writer.headers, "POST", `/api/investor-reporting/reports/${id}/sections/`, body);
  ok(await add({ variant: "kpi" }), 201);
  ok(await add({ variant: "text", name: "Letter" }), 201);
  const third = ok(await add({ variant: "planning" }), 201).schema.sections;
  assert.equal(third.map((section: { name: string }) => section.name), ["Section 1", "Letter", "Section 2"]);
  assert.equal(third.map((section: { slug: string }) => section.slug), ["kpi_1", "text_2", "planning_3"]);
  const kpiSettings = third[0].settings;
  assert.equal([kpiSettings.showComments, kpiSettings.percentDeviation, kpiSettings.deviation, kpiSettings.compareWithPlanning], [true, true, true, true], "spec section 9 defaults");
  const afterDelete = ok(await call(writer.headers, "DELETE", `/api/investor-reporting/reports/${id}/sections/${third[2].id}/`)).schema.sections;
  assert.equal(afterDelete.map((section: { position: number }) => section.position), [0, 1]);
  assert.is(ok(await add({ variant: "chart" }), 201).schema.sections.at(-1).name, "Section 2", "numbering goes on from the highest still there");
  const all = ok(await call(writer.headers, "GET", `/api/investor-reporting/reports/${id}/`)).schema.sections.map((section: { id: number }) => section.id);
  assert.equal((await call(writer.headers, "PUT", `/api/investor-reporting/reports/${id}/sections/positions/`, { ids: all.slice(1) })).body, { ids: [SECTIONS_INCOMPLETE] });
  const sorted = ok(await call(writer.headers, "PUT", `/api/investor-reporting/reports/${id}/sections/positions/`, { ids: [...all].reverse() })).schema.sections;
  assert.equal(sorted.map((section: { id: number }) => section.id), [...all].reverse());
  assert.equal((await add({ variant: "deepdrill" })).body, { variant: [VARIANT_NOT_AVAILABLE] });
  assert.is((await add({ variant: "pie" })).status, 400);
  const limited = (await userWith(["write_investor_reporting", "read_non_sensitive"])).headers;
  assert.equal((await call(limited, "POST", `/api/investor-reporting/reports/${id}/sections/`, { variant: "kpi", settings: { kpiIds: [ids.customers, ids.cash] } })).body, { "settings.kpiIds.1": [KPI_UNKNOWN] });
  assert.equal((await add({ variant: "kpi", settings: { toStartDate: "2026-06-01", toEndDate: "2026-01-01" } })).body, { "settings.toEndDate": ["The range must start before it ends."] });
  assert.equal((await add({ variant: "kpi", settings: { toStartDate: "2026-09-01" } })).body, { "settings.toStartDate": ["The range must start before it ends."] }, "a start after the report's end");
  assert.equal((await add({ variant: "text", settings: { chartId: 1 } })).body, { "settings.chartId": ["This section type has no such setting."] });
  const count = ok(await call(writer.headers, "GET", `/api/investor-reporting/reports/${id}/`)).schema.sections.length;
  for (let index = count; index < MAX_SECTIONS; index += 1) ok(await add({ variant: "attachments" }), 201);
  assert.equal((await add({ variant: "text" })).body, { variant: [TOO_MANY_SECTIONS] });
});

test.run();
