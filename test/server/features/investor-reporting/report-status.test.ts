// Investor report status: draft → approved → sent, the figures frozen at approval (a KPI value
// changed afterwards leaves them; a draft's follow), sections refused once approved (by the API
// and by the database), and the events ReportApproved / ReportSent with who and when.
import { sql } from "kysely";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { ALREADY_APPROVED, NOT_APPROVED, NOT_SENT_YET, REPORT_FROZEN } from "../../../../src/domain/investor-reporting/texts";
import { investorReportEventFilters } from "../../../../src/server/features/investor-reporting/report-event-filter";
import { actualsOf, investorCompany } from "./fixture";

test("a draft is recalculated on load; approval freezes its figures, which no later change of data moves", async () => {
  const { call, writer, reader, ids, ok, boardPack, setActual } = await investorCompany();
  const { id, sections } = await boardPack();
  const kpiSlug = sections.find((section) => section.variant === "kpi")!.slug;
  const draft = ok(await call(writer.headers, "GET", `/api/investor-reporting/reports/${id}/data/`));
  assert.is(draft.source, "recalculated");
  assert.equal(actualsOf(draft, kpiSlug, ids.revenue), [100, 200, 300]);
  assert.is(draft.data[kpiSlug].kpis.find((kpi: { id: number }) => kpi.id === ids.revenue).higherIsBetter, true, "the good direction travels with the figures, for the deviations' colour");
  await setActual(ids.revenue, "2026-05-01", 250);
  assert.equal(actualsOf(ok(await call(writer.headers, "GET", `/api/investor-reporting/reports/${id}/data/`)), kpiSlug, ids.revenue), [100, 250, 300], "a draft follows the data");

  const approved = ok(await call(writer.headers, "POST", `/api/investor-reporting/reports/${id}/approve/`));
  assert.is(approved.status, "approved");
  assert.is(approved.approved.by.id, writer.id);
  await setActual(ids.revenue, "2026-05-01", 999);
  const frozen = ok(await call(writer.headers, "GET", `/api/investor-reporting/reports/${id}/data/`));
  assert.is(frozen.source, "frozen");
  assert.equal(actualsOf(frozen, kpiSlug, ids.revenue), [100, 250, 300], "the figures of the approval");
  assert.is(frozen.computedAt, approved.approved.at);
  // The reader (level 0) is served the frozen figures cut to what they may read: customers, not revenue.
  const forReader = ok(await call(reader.headers, "GET", `/api/investor-reporting/reports/${id}/data/`));
  assert.equal(forReader.data[kpiSlug].kpis.map((kpi: { id: number }) => kpi.id), [ids.customers]);
  assert.not.ok(JSON.stringify(forReader).includes('"level"'), "the stored levels are not served");
});

test("status transitions: approve once, send only approved, notify only sent; sections frozen after approval", async () => {
  const { call, writer, ok, boardPack } = await investorCompany();
  const { id, sections } = await boardPack();
  assert.equal((await call(writer.headers, "POST", `/api/investor-reporting/reports/${id}/send/`, { subject: "Q1" })).body, { detail: NOT_APPROVED });
  ok(await call(writer.headers, "POST", `/api/investor-reporting/reports/${id}/recipients/`, { action: "add", recipients: [{ email: "anna@investor.example" }] }));
  assert.equal((await call(writer.headers, "POST", `/api/investor-reporting/reports/${id}/recipients/`, { action: "notify", recipients: [] })).body, { detail: NOT_SENT_YET });
  ok(await call(writer.headers, "POST", `/api/investor-reporting/reports/${id}/approve/`));
  const again = await call(writer.headers, "POST", `/api/investor-reporting/reports/${id}/approve/`);
  assert.equal([again.status, again.body], [409, { detail: ALREADY_APPROVED }]);
  const refused = [
    await call(writer.headers, "POST", `/api/investor-reporting/reports/${id}/sections/`, { variant: "text" }),
    await call(writer.headers, "PATCH", `/api/investor-reporting/reports/${id}/sections/${sections[0]!.id}/`, { name: "Renamed" }),
    await call(writer.headers, "DELETE", `/api/investor-reporting/reports/${id}/sections/${sections[0]!.id}/`),
    await call(writer.headers, "PUT", `/api/investor-reporting/reports/${id}/sections/positions/`, { ids: sections.map((section) => section.id).reverse() }),
  ];
  assert.equal(refused.map((answer) => [answer.status, answer.body.detail]), refused.map(() => [409, REPORT_FROZEN]));
  // Update-meta stays open: visibility and name do not touch the figures.
  assert.is(ok(await call(writer.headers, "PATCH", `/api/investor-reporting/reports/${id}/`, { isVisible: false, name: "Board pack Q1 (final)" })).isVisible, false);
  assert.equal((await call(writer.headers, "PATCH", `/api/investor-reporting/reports/${id}/`, { endDate: "2026-09-01" })).body, { detail: REPORT_FROZEN }, "the figures were computed to the end date");
  const sent = ok(await call(writer.headers, "POST", `/api/investor-reporting/reports/${id}/send/`, { subject: "Q1 board pack", message: "Please find our numbers." }));
  assert.is(sent.detail, "Successfully sent 1 e-mails.");
  const report = ok(await call(writer.headers, "GET", `/api/investor-reporting/reports/${id}/`));
  assert.is(report.status, "sent");
  assert.is(report.sent.by.id, writer.id);
  assert.is((await call(writer.headers, "POST", `/api/investor-reporting/reports/${id}/send/`, { subject: "Again" })).status, 200, "a sent report may be sent again");
  // A deleted report takes its frozen sections with it.
  assert.is((await call(writer.headers, "DELETE", `/api/investor-reporting/reports/${id}/`)).status, 204);
  assert.is((await call(writer.headers, "GET", `/api/investor-reporting/reports/${id}/`)).status, 404);
});

test("the database itself refuses changing the sections, attachments or frozen figures of an approved report", async () => {
  const { call, writer, ok, boardPack, withTenant, tenantId } = await investorCompany();
  const { id, sections } = await boardPack();
  ok(await call(writer.headers, "POST", `/api/investor-reporting/reports/${id}/approve/`));
  const attempt = (statement: ReturnType<typeof sql>) =>
    withTenant(tenantId, { kind: "system", name: "test" }, ({ db }) => statement.execute(db)).then(
      () => "written",
      (error: { message?: string }) => error.message ?? "refused",
    );
  for (const statement of [
    sql`update investor_report_sections set name = 'x' where id = ${sections[0]!.id}`,
    sql`delete from investor_report_sections where id = ${sections[0]!.id}`,
    sql`insert into investor_report_sections (tenant_id, report_id, name, slug, variant, position) values (${tenantId}, ${id}, 'x', 'text_99', 'text', 9)`,
    sql`insert into investor_report_attachments (tenant_id, report_id, file_name, media_type, size, bytes) values (${tenantId}, ${id}, 'a.txt', 'text/plain', 1, '\\x41')`,
    sql`update investor_reports set frozen_data = '{}' where id = ${id}`,
    sql`update investor_reports set status = 'draft', frozen_data = null where id = ${id}`,
  ]) {
    assert.match(await attempt(statement), /frozen/);
  }
  assert.is(await attempt(sql`update investor_reports set is_visible = false where id = ${id}`), "written", "meta stays open");
});

test("ReportApproved and ReportSent record who and when", async () => {
  const { call, writer, ok, boardPack, events } = await investorCompany();
  const { id } = await boardPack();
  ok(await call(writer.headers, "POST", `/api/investor-reporting/reports/${id}/recipients/`, { action: "set", recipients: [{ email: "a@investor.example", name: "Anna" }, { email: "b@investor.example" }] }));
  ok(await call(writer.headers, "POST", `/api/investor-reporting/reports/${id}/approve/`));
  ok(await call(writer.headers, "POST", `/api/investor-reporting/reports/${id}/send/`, { subject: "Q1", theme: "light" }));
  const approved = (await events("ReportApproved"))[0] as unknown as { payload: Record<string, unknown>; actor: string };
  const sent = (await events("ReportSent"))[0] as unknown as { payload: Record<string, unknown> };
  assert.equal([approved!.payload.reportId, approved!.payload.approvedBy, approved!.actor], [id, writer.id, `user:${writer.id}`]);
  assert.ok(Date.parse(String(approved!.payload.approvedAt)) > 0);
  assert.equal([sent!.payload.reportId, sent!.payload.sentBy, sent!.payload.recipientCount, sent!.payload.theme], [id, writer.id, 2, "light"]);
});

test("report events reach writers, staff and the readers it is shared with, without the list of readers", async () => {
  const { call, writer, reader, other, ok, boardPack, events, withTenant, tenantId, userWith } = await investorCompany();
  const staff = await userWith([], { isStaff: true });
  const { id } = await boardPack();
  ok(await call(writer.headers, "POST", `/api/investor-reporting/reports/${id}/approve/`));
  const stored = (await events("ReportApproved"))[0]!;
  const seenBy = (userId: number) => withTenant(tenantId, { kind: "system", name: "test" }, (context) => investorReportEventFilters["ReportApproved"]!(stored.payload, context, userId));
  const forReader = (await seenBy(reader.id)) as Record<string, unknown>;
  assert.equal([forReader.reportId, "readers" in forReader], [id, false]);
  assert.ok(await seenBy(writer.id));
  assert.ok(await seenBy(staff.id));
  assert.is(await seenBy(other.id), null, "a reader it is not shared with");
  ok(await call(writer.headers, "PATCH", `/api/investor-reporting/reports/${id}/`, { isVisible: false }));
  const hidden = (await events("InvestorReportChanged")).at(-1)!;
  assert.ok(await withTenant(tenantId, { kind: "system", name: "test" }, (context) => investorReportEventFilters["InvestorReportChanged"]!(hidden.payload, context, reader.id)), "hiding it is told to those who lose it");
});

test.run();
