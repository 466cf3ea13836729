import { test } from "uvu";
import * as assert from "uvu/assert";
import type { DomainEvent } from "../../../../src/contracts/messages";
import type { RegisteredInstance } from "../../../../src/contracts/portfolio";
import { initialPortfolio, portfolioReducer, shownInstance, type PortfolioModel } from "../../../../src/client/features/portfolio/model";

const instance = (id: number, name: string, authorization_state: RegisteredInstance["authorization_state"] = "authorized"): RegisteredInstance => ({ id, instance_name: name, frontend_url: "", authorization_state });
const fold = (events: readonly DomainEvent[], from: PortfolioModel = initialPortfolio): PortfolioModel => events.reduce<PortfolioModel>((model, event, index) => portfolioReducer(model, event, { seq: index + 1, type: event._tag, version: 1, payload: event, occurredAt: "", origin: "local" }), from);
const loaded: DomainEvent = { _tag: "PortfolioLoaded", instances: [instance(1, "Demo GmbH"), instance(2, "Northwind AG"), instance(3, "Pending AG", "requested")] };

test("selecting opens a company's frame once; switching keeps the others", () => {
  const model = fold([loaded, { _tag: "PortfolioCompanySelected", instanceId: 1 }, { _tag: "PortfolioFrameLoaded", instanceId: 1, path: "/my-dashboard" }, { _tag: "PortfolioCompanySelected", instanceId: 2 }]);
  assert.is(model.selected, 2);
  assert.equal(model.frames[1], { status: "loaded", generation: 0, message: null, path: "/my-dashboard", landingPath: null });
  assert.equal(model.frames[2], { status: "loading", generation: 0, message: null, path: null, landingPath: null });
  const back = fold([{ _tag: "PortfolioCompanySelected", instanceId: 1 }], model);
  assert.is(back.frames[1], model.frames[1], "the same frame, not a new one");
});

test("a company that has not authorized the instance opens no frame; the server's refusal marks it too", () => {
  const model = fold([loaded, { _tag: "PortfolioCompanySelected", instanceId: 3 }]);
  assert.equal([model.frames[3]?.status, model.frames[3]?.message], ["unauthorized", null]);
  const revoked = fold([{ _tag: "PortfolioCompanySelected", instanceId: 1 }, { _tag: "PortfolioFrameFailed", instanceId: 1, message: "This company has not authorized access for your instance.", notAuthorized: true }], model);
  assert.equal([revoked.frames[1]?.status, revoked.frames[1]?.message], ["unauthorized", "This company has not authorized access for your instance."]);
});

test("a failed frame retries as a new generation and keeps the report it was to land on", () => {
  const model = fold([
    loaded,
    { _tag: "PortfolioCompanySelected", instanceId: 1 },
    { _tag: "PortfolioFrameNavigated", instanceId: 1, path: "/investor-reporting/9" },
    { _tag: "PortfolioFrameFailed", instanceId: 1, message: "The company did not open in time. Try again.", notAuthorized: false },
  ]);
  assert.equal([model.frames[1]?.status, model.frames[1]?.landingPath], ["failed", "/investor-reporting/9"]);
  const retried = fold([{ _tag: "PortfolioFrameRetried", instanceId: 1 }], model);
  assert.equal(retried.frames[1], { status: "loading", generation: 1, message: null, path: null, landingPath: "/investor-reporting/9" });
  const landed = fold([{ _tag: "PortfolioFrameLoaded", instanceId: 1, path: "/investor-reporting/9" }], retried);
  assert.equal([landed.frames[1]?.path, landed.frames[1]?.landingPath], ["/investor-reporting/9", null]);
  const moved = fold([{ _tag: "PortfolioFrameNavigated", instanceId: 1, path: "/investor-reporting/10" }], landed);
  assert.equal([moved.frames[1]?.path, moved.frames[1]?.landingPath], ["/investor-reporting/10", null], "a frame that is in was sent there");
});

test("reports by company; a removal drops the company, its frame and its reports; a reload drops what is gone", () => {
  const report = { id: 9, name: "Board pack", status: "draft", isVisible: true, endDate: "2026-10-01", owner: { id: 4, name: "Ada Administrator" }, approved: null, sent: null, updatedAt: "2026-11-01T00:00:00.000Z", canEdit: false } as const;
  const model = fold([
    loaded,
    { _tag: "PortfolioCompanySelected", instanceId: 2 },
    { _tag: "PortfolioReportsLoadStarted", instanceIds: [1, 2] },
    { _tag: "PortfolioReportsLoaded", instanceId: 1, reports: [report] },
    { _tag: "PortfolioReportsLoadFailed", instanceId: 2, message: "Too many requests." },
  ]);
  assert.equal([model.reports[1]?.status, model.reports[1]?.reports.length, model.reports[2]?.status, model.reports[2]?.message], ["loaded", 1, "error", "Too many requests."]);
  const removed = fold([{ _tag: "PortfolioInstanceRemoved", instanceId: 2 }], model);
  assert.equal([removed.instances.list.map((each) => each.id), removed.frames[2], removed.reports[2], removed.selected], [[1, 3], undefined, undefined, null]);
  const failed = fold([{ _tag: "PortfolioInstanceRemoveFailed", instanceId: 1, message: "You don't have permission to access this content." }], removed);
  assert.equal(failed.removeErrors, { 1: "You don't have permission to access this content." });
  const reloaded = fold([{ _tag: "PortfolioCompanySelected", instanceId: 1 }, { _tag: "PortfolioLoaded", instances: [instance(1, "Demo GmbH", "denied")] }], removed);
  assert.equal([reloaded.frames[1]?.status, reloaded.frames[1]?.generation], ["unauthorized", 1]);
});

test("leaving the portfolio closes the frames and remembers the company shown", () => {
  const model = fold([loaded, { _tag: "PortfolioCompanySelected", instanceId: 2 }, { _tag: "PortfolioFrameLoaded", instanceId: 2, path: "/my-dashboard" }, { _tag: "PortfolioClosed" }]);
  assert.equal([model.frames, model.selected], [{}, 2]);
});

test("the switcher shows the chosen company, else the first authorized one", () => {
  const model = fold([{ _tag: "PortfolioLoaded", instances: [instance(3, "Pending AG", "requested"), instance(2, "Northwind AG")] }]);
  assert.is(shownInstance(model)?.id, 2);
  assert.is(shownInstance(fold([{ _tag: "PortfolioCompanySelected", instanceId: 3 }], model))?.id, 3);
  assert.is(shownInstance(initialPortfolio), null);
});

test.run();
