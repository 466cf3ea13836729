import { act, cleanup, screen } from "@testing-library/react";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { CompanyLogoLoaded, CompanyLogoLoadFailed } from "../../../src/contracts/messages/company-profile";
import { initialState } from "../../../src/client/app/state";
import { PrintPage } from "../../../src/client/print/print-page";
import { renderWithBus } from "../support/dom";

test.after.each(() => cleanup());

// The tests render in the dark theme (the default): the dark logo heads the paper.
const company = { name: "Paper GmbH", kind: "company" as const, multiCurrency: false, isInvestorInstance: false, localCurrency: "EUR", fiscal_year_offset: 0, fxRates: [], logos: { light: "l1", dark: "d1" } };
const loaded = { session: { ...initialState.session, stage: "ready" as const, company } };
const root = () => document.querySelector("main")!;

test("with a logo of the paper's theme, the page is ready once the image is in, and the masthead shows it", async () => {
  const view = await renderWithBus(<PrintPage title="Board" ready />, { state: loaded });
  assert.is(root().getAttribute("data-print-ready"), "false", "waits for the logo");
  act(() => void view.bus.receive(CompanyLogoLoaded.make({ theme: "light", version: "l1", url: "blob:light" }), "local"));
  assert.is(root().getAttribute("data-print-ready"), "false", "the other theme's logo is not the paper's");
  act(() => void view.bus.receive(CompanyLogoLoaded.make({ theme: "dark", version: "d1", url: "blob:dark" }), "local"));
  assert.is(root().getAttribute("data-print-ready"), "true");
  assert.is(screen.getByRole("img", { name: "Paper GmbH logo" }).getAttribute("src"), "blob:dark");
  view.unmount();
});

test("a logo that fails to load does not hold the print up: the company's name heads the page", async () => {
  const view = await renderWithBus(<PrintPage title="Board" ready />, { state: loaded });
  act(() => void view.bus.receive(CompanyLogoLoadFailed.make({ theme: "dark", version: "d1", message: "Error 500" }), "local"));
  assert.is(root().getAttribute("data-print-ready"), "true");
  assert.ok(screen.getByText("Paper GmbH"));
  view.unmount();
});

test.run();
