import { test } from "uvu";
import * as assert from "uvu/assert";
import { SORT_SAVE_DEBOUNCE_MS, TEXT_SAVE_DEBOUNCE_MS } from "../../../../src/client/features/investor-reporting/epics";
import { json } from "../../effect/fake-server";
import { settle, signIn, testClient } from "../../support/harness";
import { data, report, section, summary } from "./fixtures";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const paths = (client: ReturnType<typeof testClient>) => client.server.calls.map((call) => `${call.method} ${call.path}`);

test("creating sends the name, end date and template; a refused name comes back as the field's message; the created report opens", async () => {
  const client = testClient({
    "POST /api/investor-reporting/reports/": (call, count) => (count === 1 ? json(400, { name: ["A report with this name already exists."] }) : json(201, report({ id: 9, name: (call.body as { name: string }).name }))),
  });
  signIn(client);
  client.bus.dispatch({ _tag: "CreateInvestorReport", name: "Board pack", endDate: "2026-10-01", templateId: null });
  await client.waitFor("InvestorReportActionFailed");
  assert.equal(client.store.getState().investorReporting.action.fields, { name: ["A report with this name already exists."] });
  client.bus.dispatch({ _tag: "CreateInvestorReport", name: "Q3", endDate: "2026-09-01", templateId: 4 });
  await client.waitFor("InvestorReportCreated");
  assert.equal(client.server.calls.map((call) => call.body), [{ name: "Board pack", endDate: "2026-10-01" }, { name: "Q3", endDate: "2026-09-01", templateId: 4 }]);
  assert.is(client.store.getState().investorReporting.created, 9);
});

test("adding a section names the new one from the answer and loads the draft's figures again", async () => {
  const client = testClient({
    "GET /api/investor-reporting/reports/5/": () => json(200, report({ schema: { sections: [section(1)] } })),
    "POST /api/investor-reporting/reports/5/sections/": () => json(201, report({ schema: { sections: [section(1), section(2, { variant: "financial_reporting", slug: "financial_reporting_2" })] } })),
    "GET /api/investor-reporting/reports/5/data/": () => json(200, data()),
  });
  signIn(client);
  client.bus.dispatch({ _tag: "LoadInvestorReport", reportId: 5 });
  await client.waitFor("InvestorReportLoaded");
  client.bus.dispatch({ _tag: "AddReportSection", reportId: 5, variant: "financial_reporting" });
  const added = await client.waitFor("ReportSectionAdded");
  assert.is((added.payload as { sectionId: number }).sectionId, 2);
  await client.waitFor("InvestorReportDataLoaded");
  assert.equal(client.server.calls[1]!.body, { variant: "financial_reporting" });
  assert.equal(paths(client).slice(1), ["POST /api/investor-reporting/reports/5/sections/", "GET /api/investor-reporting/reports/5/data/"]);
});

test("a run of moves shows each at once and is saved as one PUT of the order on screen", async () => {
  const client = testClient({
    "GET /api/investor-reporting/reports/5/": () => json(200, report()),
    "PUT /api/investor-reporting/reports/5/sections/positions/": (call) => {
      const ids = (call.body as { ids: number[] }).ids;
      return json(200, report({ schema: { sections: ids.map((id, position) => ({ ...section(id), position })) } }));
    },
  });
  signIn(client);
  client.bus.dispatch({ _tag: "LoadInvestorReport", reportId: 5 });
  await client.waitFor("InvestorReportLoaded");
  client.bus.dispatch({ _tag: "MoveReportSection", reportId: 5, sectionId: 3, position: 1 });
  client.bus.dispatch({ _tag: "MoveReportSection", reportId: 5, sectionId: 3, position: 0 });
  await settle();
  assert.equal(client.store.getState().investorReporting.open[5]!.report!.schema.sections.map((entry) => entry.id), [3, 1, 2], "shown before it is saved");
  assert.is(client.server.calls.length, 1);
  await wait(SORT_SAVE_DEBOUNCE_MS + 100);
  await client.waitFor("ReportSectionsSaved");
  assert.equal(client.server.calls.slice(1).map((call) => call.body), [{ ids: [3, 1, 2] }]);
});

test("a refused order says why and loads the report again, so the screen shows what is stored", async () => {
  const client = testClient({
    "GET /api/investor-reporting/reports/5/": () => json(200, report()),
    "PUT /api/investor-reporting/reports/5/sections/positions/": () => json(409, { detail: "This report is approved: its sections can no longer be changed." }),
  });
  signIn(client);
  client.bus.dispatch({ _tag: "LoadInvestorReport", reportId: 5 });
  await client.waitFor("InvestorReportLoaded");
  client.bus.dispatch({ _tag: "MoveReportSection", reportId: 5, sectionId: 1, position: 2 });
  await wait(SORT_SAVE_DEBOUNCE_MS + 100);
  const failed = await client.waitFor("InvestorReportActionFailed");
  assert.is((failed.payload as { message: string }).message, "This report is approved: its sections can no longer be changed.");
  await settle();
  assert.equal(client.store.getState().investorReporting.open[5]!.report!.schema.sections.map((entry) => entry.id), [1, 2, 3]);
});

test("typing saves once after a pause: saving at once, then the server's HTML as saved", async () => {
  const client = testClient({
    "PATCH /api/investor-reporting/reports/5/sections/3/": () => json(200, report({ schema: { sections: [section(3, { variant: "text", slug: "text_3", content: { html: "<p>Hello <strong>all</strong></p>" } })] } })),
  });
  signIn(client);
  client.bus.dispatch({ _tag: "EditReportText", reportId: 5, sectionId: 3, html: "<p>Hel</p>" });
  client.bus.dispatch({ _tag: "EditReportText", reportId: 5, sectionId: 3, html: "<p>Hello <strong>all</strong><script>x</script></p>" });
  await settle();
  assert.is(client.store.getState().investorReporting.texts[3]!.status, "saving");
  assert.is(client.server.calls.length, 0);
  await wait(TEXT_SAVE_DEBOUNCE_MS + 100);
  await client.waitFor("ReportTextSaved");
  assert.equal(client.server.calls.map((call) => call.body), [{ content: { html: "<p>Hello <strong>all</strong><script>x</script></p>" } }]);
  assert.equal(client.store.getState().investorReporting.texts[3], { status: "saved", message: null, sentHtml: "<p>Hello <strong>all</strong><script>x</script></p>", savedHtml: "<p>Hello <strong>all</strong></p>" });
});

test("approve and send: approval loads the frozen figures; sending keeps the answer and loads the report with its sent stamp", async () => {
  const stamp = { by: { id: 1, name: "Ada Administrator" }, at: "2026-11-26T10:00:00.000Z" };
  const client = testClient({
    "POST /api/investor-reporting/reports/5/approve/": () => json(200, report({ status: "approved", approved: stamp })),
    "GET /api/investor-reporting/reports/5/data/": () => json(200, data({ status: "approved", source: "frozen" })),
    "POST /api/investor-reporting/reports/5/send/": (call, count) =>
      count === 1 ? json(400, { subject: ["Subject is a required field"] }) : json(200, { detail: "Successfully sent 2 e-mails.", sent: 2, failures: [{ email: "x@y.example", error: "refused" }] }),
    "GET /api/investor-reporting/reports/5/": () => json(200, report({ status: "sent", approved: stamp, sent: stamp })),
  });
  signIn(client);
  client.bus.dispatch({ _tag: "ApproveInvestorReport", reportId: 5 });
  client.bus.dispatch({ _tag: "SendInvestorReport", reportId: 5, subject: " ", message: "", attachPdf: false, theme: "dark" });
  await client.waitFor("InvestorReportActionFailed");
  assert.equal(client.store.getState().investorReporting.action.fields, { subject: ["Subject is a required field"] });
  assert.is(client.store.getState().investorReporting.open[5]!.data.value!.source, "frozen");
  client.bus.dispatch({ _tag: "SendInvestorReport", reportId: 5, subject: "Q3", message: "Hi", attachPdf: false, theme: "dark" });
  await client.waitFor("InvestorReportSent");
  await client.waitFor("InvestorReportLoaded");
  const state = client.store.getState().investorReporting;
  assert.equal(state.sent[5]!.detail, "Successfully sent 2 e-mails.");
  assert.equal(state.sent[5]!.failures, [{ email: "x@y.example", error: "refused" }]);
  assert.is(state.open[5]!.report!.status, "sent");
  assert.equal(paths(client), ["POST /api/investor-reporting/reports/5/approve/", "GET /api/investor-reporting/reports/5/data/", "POST /api/investor-reporting/reports/5/send/", "POST /api/investor-reporting/reports/5/send/", "GET /api/investor-reporting/reports/5/"]);
  assert.equal(client.server.calls[3]!.body, { subject: "Q3", message: "Hi", attachPdf: false, theme: "dark" });
});

test("the PDF export posts the theme and downloads the file named after the report; a missing route is a failure the person sees", async () => {
  const client = testClient({
    "POST /api/investor-reporting/reports/5/export/pdf/": (_call, count) => (count === 1 ? new Response(new Blob(["%PDF"]), { status: 200, headers: { "content-type": "application/pdf" } }) : json(404, { detail: "Not found." })),
  });
  signIn(client);
  client.bus.dispatch({ _tag: "ExportInvestorReport", reportId: 5, name: "Board pack", format: "pdf", theme: "dark" });
  await client.waitFor("InvestorReportExported");
  assert.equal(client.server.calls[0]!.body, { theme: "dark" });
  assert.equal(client.saved.map((entry) => entry.name), ["Board-pack.pdf"]);
  client.bus.dispatch({ _tag: "ExportInvestorReport", reportId: 5, name: "Board pack", format: "pdf", theme: "light" });
  await client.waitFor("InvestorReportExportFailed");
  assert.is(client.store.getState().investorReporting.exporting, null);
});

test("another person's change reloads the list and the open report it names, with its figures when they may have moved", async () => {
  const client = testClient(
    {
      "GET /api/investor-reporting/reports/": () => json(200, { reports: [summary()] }),
      "GET /api/investor-reporting/reports/5/": () => json(200, report()),
      "GET /api/investor-reporting/reports/5/data/": () => json(200, data()),
      "GET /api/investor-reporting/reports/6/": () => json(200, report({ id: 6 })),
    },
  );
  signIn(client);
  client.bus.dispatch({ _tag: "LoadInvestorReports" });
  client.bus.dispatch({ _tag: "LoadInvestorReport", reportId: 5 });
  await client.waitFor("InvestorReportLoaded");
  await client.waitFor("InvestorReportsLoaded");
  const before = client.server.calls.length;
  client.bus.receive({ _tag: "ServerEventReceived", seq: 1, type: "InvestorReportSectionsChanged", actor: "user:2", actorName: "Bo Builder", payload: { reportId: 5 }, occurredAt: "2026-11-26T10:00:00.000Z" }, "remote");
  await settle();
  await settle();
  assert.equal(paths(client).slice(before).sort(), ["GET /api/investor-reporting/reports/", "GET /api/investor-reporting/reports/5/", "GET /api/investor-reporting/reports/5/data/"]);
});

test.run();
