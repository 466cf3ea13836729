import { act, cleanup, screen } from "@testing-library/react";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { SessionLoadFailed } from "../../../src/contracts/messages/session";
import { initialState } from "../../../src/client/app/state";
import { PrintBlock, PrintPage } from "../../../src/client/print/print-page";
import { pageGeometry, PAPER_FOOTER_MM, PAPER_HEADER_MM } from "../../../src/client/print/page-geometry";
import { printEnvironment } from "../../../src/client/print/print-session";
import { FOOTER_BAND_MM, HEADER_BAND_MM } from "../../../src/server/platform/print/page-templates";
import { renderWithBus } from "../support/dom";

test.after.each(() => cleanup());

const company = { name: "Paper GmbH", kind: "company" as const, multiCurrency: false, isInvestorInstance: false, localCurrency: "EUR", fiscal_year_offset: 0, fxRates: [] };
const loaded = { session: { ...initialState.session, stage: "ready" as const, company } };
const root = () => document.querySelector("main")!;

test("ready for the renderer only once the blocks are ready and the company is known; header data on the root", async () => {
  const view = await renderWithBus(
    <PrintPage title="Board" period="Oct 2026" ready={false}>
      <PrintBlock>card</PrintBlock>
    </PrintPage>,
    { state: loaded },
  );
  assert.is(root().getAttribute("data-print-ready"), "false");
  view.unmount();
  const ready = await renderWithBus(
    <PrintPage title="Board" period="Oct 2026" ready>
      <PrintBlock>card</PrintBlock>
    </PrintPage>,
    { state: loaded },
  );
  assert.is(root().getAttribute("data-print-ready"), "true");
  assert.equal([root().dataset["printCompany"], root().dataset["printTitle"], root().dataset["printPeriod"]], ["Paper GmbH", "Board", "Oct 2026"]);
  assert.ok(screen.getByRole("heading", { name: "Board" }));
  assert.ok(screen.getByText("Paper GmbH"), "the masthead names the company");
  ready.unmount();

  const noCompany = await renderWithBus(<PrintPage title="Board" ready />, {});
  assert.is(root().getAttribute("data-print-ready"), "false", "not before the company is loaded");
  noCompany.unmount();
});

test("a failure is shown and signalled, so the renderer stops at once", async () => {
  const view = await renderWithBus(<PrintPage title="Board" ready={false} failed="The dashboard could not be loaded." />, { state: loaded });
  assert.is(root().getAttribute("data-print-failed"), "The dashboard could not be loaded.");
  assert.is(screen.getByRole("alert").textContent, "The dashboard could not be loaded.");
  view.unmount();
  const session = await renderWithBus(<PrintPage title="Board" ready />, { state: { session: { ...initialState.session } } });
  act(() => void session.bus.receive(SessionLoadFailed.make({ message: "Sign in to print." }), "local"));
  assert.is(root().getAttribute("data-print-failed"), "Sign in to print.");
  assert.is(root().getAttribute("data-print-ready"), "false");
  session.unmount();
});

test("the print environment: the renderer's handoff first, then the address, then the route's defaults", () => {
  const at = (pathname: string, search = "") => ({ pathname, search });
  const handoff = { token: "t", theme: "light", orientation: "portrait" };
  assert.equal(printEnvironment(at("/export/custom-dashboard/4"), handoff), { route: { purpose: "export", resource: { kind: "custom-dashboard", id: 4 } }, handoff, theme: "light", orientation: "portrait" });
  const exported = printEnvironment(at("/export/custom-dashboard/4"), undefined)!;
  assert.equal([exported.theme, exported.orientation, exported.handoff], ["dark", "landscape", null], "export: dark by default (spec section 9)");
  const preview = printEnvironment(at("/print/reporting/custom-dashboard/4", "?orientation=portrait&theme=sepia"), { token: 5 })!;
  assert.equal([preview.theme, preview.orientation, preview.handoff], ["light", "portrait", null], "a malformed handoff and an unknown theme are ignored");
  assert.is(printEnvironment(at("/reporting/custom-dashboard/4"), handoff), null);
});

test("the page's bands match the renderer's; a landscape page holds less than a portrait one", () => {
  assert.equal([PAPER_HEADER_MM, PAPER_FOOTER_MM], [HEADER_BAND_MM, FOOTER_BAND_MM]);
  assert.ok(pageGeometry("landscape").blockMaxHeightPx < pageGeometry("portrait").blockMaxHeightPx);
  assert.is(pageGeometry("landscape").blockMaxHeightPx, Math.floor((210 - 14 - 11 - 8) * (96 / 25.4)));
});

test.run();
