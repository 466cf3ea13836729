import { test } from "uvu";
import * as assert from "uvu/assert";
import type { DomainEvent } from "../../../../src/contracts/messages";
import { initialInvestorReporting, investorReportingReducer, type InvestorReportingModel } from "../../../../src/client/features/investor-reporting/model";
import { data, report, section, summary } from "./fixtures";

const fold = (events: readonly DomainEvent[], model: InvestorReportingModel = initialInvestorReporting) =>
  events.reduce<InvestorReportingModel>((state, event) => investorReportingReducer(state, event, { seq: 1, type: event._tag, version: 1, payload: event, occurredAt: "2026-11-26T10:00:00.000Z", origin: "local" }), model);
const loaded = () => fold([{ _tag: "InvestorReportsLoaded", reports: [summary(), summary({ id: 6, name: "Other" })] }, { _tag: "InvestorReportLoaded", report: report() }, { _tag: "InvestorReportDataLoaded", reportId: 5, data: data() }]);
const order = (model: InvestorReportingModel) => model.open[5]!.report!.schema.sections.map((entry) => entry.id);

test("a reorder shows the new order at once with positions renumbered; the saved report replaces it", () => {
  const moved = fold([{ _tag: "ReportSectionsReordered", reportId: 5, ids: [3, 1, 2], previous: [1, 2, 3] }], loaded());
  assert.equal(order(moved), [3, 1, 2]);
  assert.equal(moved.open[5]!.report!.schema.sections.map((entry) => entry.position), [0, 1, 2]);
  const saved = fold([{ _tag: "ReportSectionsSaved", report: report({ schema: { sections: [section(2), section(1)] } }) }], moved);
  assert.equal(order(saved), [2, 1]);
});

table("each change answering the whole report updates its slot and its row in the list, and ends the busy action", [
  ["InvestorReportEdited", { _tag: "InvestorReportEdited", report: report({ name: "Board pack Q3" }) }],
  ["InvestorReportShared", { _tag: "InvestorReportShared", report: report({ name: "Board pack Q3", shares: [{ id: 2, name: "Ivo Investor" }] }) }],
  ["ReportSectionAdded", { _tag: "ReportSectionAdded", report: report({ name: "Board pack Q3" }), sectionId: 3 }],
  ["InvestorReportApproved", { _tag: "InvestorReportApproved", report: report({ name: "Board pack Q3", status: "approved", approved: { by: { id: 1, name: "Ada Administrator" }, at: "2026-11-26T10:00:00.000Z" } }) }],
] as const);

function table(name: string, rows: readonly (readonly [string, DomainEvent])[]) {
  for (const [label, event] of rows)
    test(`${name}: ${label}`, () => {
      const busy = fold([{ _tag: "InvestorReportActionStarted", action: "edit", reportId: 5 }], loaded());
      const after = fold([event], busy);
      assert.is(after.open[5]!.report!.name, "Board pack Q3");
      assert.is(after.list.reports.find((entry) => entry.id === 5)!.name, "Board pack Q3");
      assert.is(after.list.reports.find((entry) => entry.id === 5)!.status, (event as { report: { status: string } }).report.status);
      assert.is(after.action.status, "idle");
    });
}

test("a text section says saving while typed, then saved with the server's HTML, which becomes its content and data", () => {
  const typed = fold([{ _tag: "ReportTextEdited", reportId: 5, sectionId: 3, html: "<p>Hi <script>x</script></p>" }], loaded());
  assert.equal(typed.texts[3], { status: "saving", message: null, sentHtml: null, savedHtml: null });
  const saved = fold([{ _tag: "ReportTextSaved", reportId: 5, sectionId: 3, sentHtml: "<p>Hi <script>x</script></p>", html: "<p>Hi</p>" }], typed);
  assert.equal(saved.texts[3], { status: "saved", message: null, sentHtml: "<p>Hi <script>x</script></p>", savedHtml: "<p>Hi</p>" });
  assert.equal(saved.open[5]!.report!.schema.sections[2]!.content, { html: "<p>Hi</p>" });
  assert.equal(saved.open[5]!.data.value!.data["text_3"], { kind: "text", content: { html: "<p>Hi</p>" } });
  const failed = fold([{ _tag: "ReportTextEdited", reportId: 5, sectionId: 3, html: "<p>Ho</p>" }, { _tag: "ReportTextSaveFailed", reportId: 5, sectionId: 3, message: "This report is approved: its sections can no longer be changed." }], saved);
  assert.equal(failed.texts[3], { status: "error", message: "This report is approved: its sections can no longer be changed.", sentHtml: "<p>Hi <script>x</script></p>", savedHtml: "<p>Hi</p>" });
});

test("created opens the report and lists it first; deleted leaves the list and the open reports", () => {
  const created = fold([{ _tag: "InvestorReportCreated", report: report({ id: 9, name: "New" }), duplicateOf: null }], loaded());
  assert.is(created.created, 9);
  assert.equal(created.list.reports.map((entry) => entry.id), [9, 5, 6]);
  const deleted = fold([{ _tag: "InvestorReportDeleted", reportId: 5, name: "Board pack" }], created);
  assert.equal(deleted.list.reports.map((entry) => entry.id), [9, 6]);
  assert.is(deleted.open[5], undefined);
});

test("a failed action keeps the server's field messages for its dialog; starting another clears them", () => {
  const failed = fold([{ _tag: "InvestorReportActionFailed", action: "create", reportId: null, message: "Check the fields.", fields: { name: ["A report with this name already exists."] } }], loaded());
  assert.equal([failed.action.status, failed.action.action, failed.action.fields], ["error", "create", { name: ["A report with this name already exists."] }]);
  const again = fold([{ _tag: "InvestorReportActionStarted", action: "create", reportId: null }], failed);
  assert.equal([again.action.status, again.action.fields], ["busy", {}]);
});

test("sending keeps its answer for the report; starting a new sending clears the old one", () => {
  const outcome = { detail: "Successfully sent 1 e-mails.", sent: 1, failures: [{ email: "x@y.example", error: "refused" }] };
  const sent = fold([{ _tag: "InvestorReportSent", reportId: 5, outcome }], loaded());
  assert.equal(sent.sent[5], outcome);
  assert.is(fold([{ _tag: "InvestorReportActionStarted", action: "send", reportId: 5 }], sent).sent[5], undefined);
});

test("a report that is no longer there (404) says so and leaves the list", () => {
  const gone = fold([{ _tag: "InvestorReportLoadFailed", reportId: 5, message: "Oops", notFound: true }], loaded());
  assert.equal([gone.open[5]!.status, gone.open[5]!.notFound], ["error", true]);
  assert.equal(gone.list.reports.map((entry) => entry.id), [6]);
});

test.run();
