import { cleanup, fireEvent, screen } from "@testing-library/react";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Alert } from "../../../src/client/ui/alert";
import { CollapsibleSection } from "../../../src/client/ui/collapsible-section";
import { CheckboxGroup, FilterSelect, SegmentedControl } from "../../../src/client/ui/compact-controls";
import { DangerAlert, RetryAlert } from "../../../src/client/ui/primitives";
import { EmptyState, ErrorState, LoadingState, NotFoundState, PermissionDenied } from "../../../src/client/ui/states";
import { renderUi } from "./render";

test.after.each(() => cleanup());

test("permission denied shows only the spec's explanation, as the page heading", () => {
  const { container } = renderUi(<PermissionDenied />);
  assert.is(container.textContent, "You don't have permission to access this content.");
  assert.is(screen.getByRole("heading", { level: 1 }).getAttribute("tabindex"), "-1");
  assert.is(container.querySelectorAll("button, input, select, a").length, 0);
});

test("not found: the spec's text and a link home", () => {
  renderUi(<NotFoundState />);
  assert.ok(screen.getByRole("heading", { level: 1, name: "This page does not exist" }));
  assert.is(screen.getByRole("link", { name: "Go to the start page" }).getAttribute("href"), "/");
});

test("error state: the message and Try again; loading says what loads; empty state with its action", () => {
  let retries = 0;
  renderUi(
    <>
      <ErrorState message="Something went wrong. Please try again." onRetry={() => retries++} />
      <LoadingState label="Loading KPIs…" />
      <LoadingState variant="skeleton" label="Loading the table…" />
      <EmptyState title="No favourite KPIs yet" text="Mark KPIs with the star." action={<button>Open a dashboard</button>} />
    </>,
  );
  assert.match(screen.getByRole("alert").textContent ?? "", /Could not load.*Something went wrong\. Please try again\./);
  fireEvent.click(screen.getByRole("button", { name: "Try again" }));
  assert.is(retries, 1);
  const [spinner, skeleton] = screen.getAllByRole("status");
  assert.is(spinner!.getAttribute("aria-busy"), "true");
  assert.match(spinner!.textContent ?? "", /Loading KPIs…/);
  assert.is(skeleton!.getAttribute("aria-label"), "Loading the table…");
  assert.ok(screen.getByRole("heading", { name: "No favourite KPIs yet" }));
});

test("alerts: danger and warning interrupt, info and success wait; the old wrappers still work", () => {
  let retried = 0;
  renderUi(
    <>
      <Alert tone="info">Values before Apr 2024 are estimates.</Alert>
      <DangerAlert>{"No user found for the given credentials"}</DangerAlert>
      <RetryAlert message="Timeout" onRetry={() => retried++} />
    </>,
  );
  assert.is(screen.getByText("Values before Apr 2024 are estimates.").closest("[role]")?.getAttribute("role"), "status");
  const alerts = screen.getAllByRole("alert");
  assert.match(alerts[0]!.textContent ?? "", /No user found for the given credentials/);
  fireEvent.click(screen.getByRole("button", { name: "Try again" }));
  assert.is(retried, 1);
});

test("collapsible section: a disclosure button with aria-expanded; controlled mode only reports", () => {
  const changes: boolean[] = [];
  renderUi(
    <>
      <CollapsibleSection title="Financial" summary="9 KPIs">
        <p>Cash balance</p>
      </CollapsibleSection>
      <CollapsibleSection title="Sales" open={false} onOpenChange={(open) => changes.push(open)}>
        <p>Win rate</p>
      </CollapsibleSection>
    </>,
  );
  const financial = screen.getByRole("button", { name: /Financial/ });
  assert.is(financial.getAttribute("aria-expanded"), "true");
  assert.ok(screen.getByText("Cash balance"));
  fireEvent.click(financial);
  assert.is(financial.getAttribute("aria-expanded"), "false");
  assert.ok(screen.getByText("Cash balance").closest("[hidden]"), "closed content is hidden (out of the accessibility tree)");
  assert.ok(financial.closest("h2"), "the button sits in the section's heading");
  const sales = screen.getByRole("button", { name: "Sales" });
  fireEvent.click(sales);
  assert.equal(changes, [true]);
  assert.is(sales.getAttribute("aria-expanded"), "false", "controlled: the owner decides");
});

test("compact controls keep their values' types and their labels", () => {
  const chosen: unknown[] = [];
  renderUi(
    <>
      <FilterSelect label="Trend over" value={1} onChange={(value) => chosen.push(value)} options={[1, 3].map((value) => ({ value, label: `${value} months` }))} />
      <CheckboxGroup legend="Trend" options={[{ value: "up", label: "Up" }, { value: "down", label: "Down" }]} value={["down"]} onChange={(value) => chosen.push(value)} />
      <SegmentedControl label="Bucket size" options={[{ value: "M", label: "M" }, { value: "Q", label: "Q" }]} value="M" onChange={(value) => chosen.push(value)} />
    </>,
  );
  fireEvent.change(screen.getByLabelText("Trend over"), { target: { value: "3" } });
  fireEvent.click(screen.getByLabelText("Up"));
  fireEvent.click(screen.getByLabelText("Q"));
  assert.equal(chosen, [3, ["up", "down"], "Q"]);
  assert.ok(screen.getByRole("group", { name: "Trend" }));
  assert.ok(screen.getByRole("group", { name: "Bucket size" }));
  assert.is((screen.getByRole("radio", { name: "M" }) as HTMLInputElement).checked, true);
});

test.run();
