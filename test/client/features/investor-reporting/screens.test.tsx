import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { initialState } from "../../../../src/client/app/state";
import { initialInvestorReporting } from "../../../../src/client/features/investor-reporting/model";
import { ReportsList } from "../../../../src/client/features/investor-reporting/views/reports-list";
import { RecipientsTab } from "../../../../src/client/features/investor-reporting/views/recipients-tab";
import { SectionList } from "../../../../src/client/features/investor-reporting/views/section-list";
import { FROZEN_EXPLAINED, StatusPanel } from "../../../../src/client/features/investor-reporting/views/status-panel";
import { renderWithBus } from "../../support/dom";
import { data, report, summary } from "./fixtures";
import { demoCompany, profileWith } from "../../support/session-fixtures";

test.after.each(() => cleanup());

const company = demoCompany();
const profile = (permissions: string[]) => profileWith(permissions);
const session = (permissions: string[]) => ({ ...initialState.session, stage: "ready" as const, profile: profile(permissions), company });

test("a reader sees the reports the server gives, with status and no create, duplicate or delete", async () => {
  await renderWithBus(<ReportsList />, {
    state: { session: session(["read_investor_reporting"]), investorReporting: { ...initialInvestorReporting, list: { status: "loaded", reports: [summary({ canEdit: false, status: "sent" })], message: null } } },
  });
  assert.equal(screen.getAllByRole("rowheader").map((cell) => cell.textContent), ["Board pack"]);
  assert.ok(screen.getByText("Sent"));
  assert.is(screen.queryByRole("button", { name: "New report" }), null);
  assert.is(screen.queryByRole("button", { name: "Duplicate Board pack" }), null);
  assert.is(screen.queryByRole("button", { name: "Delete Board pack" }), null);
});

test("creating refuses a name the list has with the client's text, and sends a free one with the end date", async () => {
  const view = await renderWithBus(<ReportsList />, {
    state: { session: session(["write_investor_reporting"]), investorReporting: { ...initialInvestorReporting, list: { status: "loaded", reports: [summary()], message: null } } },
  });
  fireEvent.click(screen.getByRole("button", { name: "New report" }));
  const name = screen.getByLabelText(/^Name/);
  fireEvent.change(name, { target: { value: "board PACK" } });
  assert.ok(screen.getByText(/This report name is already taken/));
  fireEvent.click(screen.getByRole("button", { name: "Create" }));
  assert.is(view.commands.filter((command) => command._tag === "CreateInvestorReport").length, 0);
  fireEvent.change(name, { target: { value: "Q3 update" } });
  fireEvent.change(screen.getByLabelText(/^End date/), { target: { value: "2026-09" } });
  fireEvent.click(screen.getByRole("button", { name: "Create" }));
  assert.equal(view.commands.filter((command) => command._tag === "CreateInvestorReport"), [{ _tag: "CreateInvestorReport", name: "Q3 update", endDate: "2026-09-01", templateId: null }]);
});

test("a draft's sections move with the keys on their handle, each move said in the live region", async () => {
  const view = await renderWithBus(<SectionList report={report()} data={data()} />, { state: { session: session(["write_investor_reporting"]) } });
  await act(async () => {
    fireEvent.keyDown(screen.getByRole("button", { name: "Move Section 3, place 3 of 3" }), { key: "Home" });
  });
  fireEvent.keyDown(screen.getByRole("button", { name: "Move Section 1, place 1 of 3" }), { key: "ArrowUp" });
  assert.equal(view.commands.filter((command) => command._tag === "MoveReportSection"), [{ _tag: "MoveReportSection", reportId: 5, sectionId: 3, position: 0 }], "the first cannot move up");
  assert.ok(screen.getByText("Moved “Section 3” to place 1 of 3."));
});

test("an approved report shows no handles, section actions or add form, and says why; its figures are as of the approval", async () => {
  const approved = report({ status: "approved", approved: { by: { id: 1, name: "Ada Administrator" }, at: "2026-11-26T10:00:00.000Z" } });
  await renderWithBus(
    <>
      <StatusPanel report={approved} data={data({ status: "approved", source: "frozen" })} sent={undefined} />
      <SectionList report={approved} data={data({ status: "approved", source: "frozen" })} />
    </>,
    { state: { session: session(["write_investor_reporting"]) } },
  );
  assert.ok(screen.getByText(FROZEN_EXPLAINED));
  assert.ok(screen.getByText(/^Figures as of /));
  assert.ok(screen.getByText(/by Ada Administrator/));
  assert.is(screen.queryByRole("button", { name: /^Move / }), null);
  assert.is(screen.queryByRole("button", { name: /^Remove / }), null);
  assert.is(screen.queryByRole("form", { name: "Add a section" }), null);
  assert.is(screen.queryByRole("button", { name: "Approve" }), null);
  assert.ok(screen.getByRole("button", { name: "Send" }));
});

test("recipients: one is added with its name, the whole list is replaced from lines of address and name", async () => {
  const view = await renderWithBus(<RecipientsTab report={report({ recipients: [{ id: 1, email: "old@atlas.example", name: "", lastSentAt: null, firstOpenedAt: null, lastOpenedAt: null, openCount: 0 }] })} />, {
    state: { session: session(["write_investor_reporting"]) },
  });
  fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: " board@atlas.example " } });
  fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: "Atlas board" } });
  fireEvent.click(screen.getByRole("button", { name: "Add recipient" }));
  fireEvent.change(screen.getByLabelText(/^Recipients, one a line/), { target: { value: "a@atlas.example, Ann, CFO\n\nb@atlas.example\n" } });
  fireEvent.click(screen.getByRole("button", { name: "Replace the list" }));
  assert.equal(view.commands.filter((command) => command._tag === "ChangeReportRecipients"), [
    { _tag: "ChangeReportRecipients", reportId: 5, action: "add", recipients: [{ email: "board@atlas.example", name: "Atlas board" }] },
    { _tag: "ChangeReportRecipients", reportId: 5, action: "set", recipients: [{ email: "a@atlas.example", name: "Ann, CFO" }, { email: "b@atlas.example", name: "" }] },
  ]);
  assert.ok(screen.getByText("Not sent yet"), "a recipient not sent to yet says so");
});

test.run();
