import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { initialAlerts } from "../../../../src/client/features/alerts/model";
import { AlertDialog } from "../../../../src/client/features/alerts/views/alert-dialog";
import { renderWithBus } from "../../support/dom";

test.after.each(() => cleanup());

// Wednesday 25 March 2026, 1 pm in Berlin.
const now = () => new Date("2026-03-25T12:00:00.000Z").getTime();
const kpi = { id: 7, name: "Revenue", unit: "currency" };
const render = (onClose = () => {}) => renderWithBus(<AlertDialog kpi={kpi} alert={null} onClose={onClose} />, { now, state: { alerts: { ...initialAlerts, timeZone: "Europe/Berlin" } } });
const typeInto = (label: string, text: string) => fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value: text } });

test("stage 1 says what is missing and stays; stage 2 shows the next send time in the company's zone; the save carries both stages", async () => {
  const view = await render();
  assert.ok(screen.getByText("Step 1 of 2: Condition"));
  fireEvent.click(screen.getByRole("button", { name: "Next" }));
  assert.ok(screen.getByText(/Enter a lower boundary, an upper boundary or both\./));
  assert.ok(screen.getByText("Step 1 of 2: Condition"), "still on the condition");

  typeInto("Lower boundary", "1.2m");
  fireEvent.change(screen.getByLabelText("Month"), { target: { value: "-1" } });
  fireEvent.click(screen.getByRole("button", { name: "Next" }));
  assert.ok(screen.getByText("Step 2 of 2: Delivery"));
  // Weekly by default: Friday 27 March, 6.30 pm in Berlin.
  assert.match(document.body.textContent ?? "", /Next check: Fri, 27 Mar 2026, 18:30 \(Europe\/Berlin\)/);
  fireEvent.click(screen.getByRole("radio", { name: /Daily/ }));
  assert.match(document.body.textContent ?? "", /Next check: Wed, 25 Mar 2026, 18:30/);
  fireEvent.click(screen.getByRole("radio", { name: /Monthly/ }));
  assert.match(document.body.textContent ?? "", /Next check: Fri, 27 Mar 2026, 18:30/, "the last Friday of March");

  // Back keeps the condition.
  fireEvent.click(screen.getByRole("button", { name: "Back" }));
  assert.is((screen.getByLabelText("Lower boundary", { exact: false }) as HTMLInputElement).value, "1.2m");
  fireEvent.click(screen.getByRole("button", { name: "Next" }));
  fireEvent.click(screen.getByRole("button", { name: "Set alert" }));
  await act(async () => undefined);
  assert.equal(
    view.commands.filter((command) => command._tag === "SaveAlert"),
    [{ _tag: "SaveAlert", alertId: null, kpiId: 7, kpiName: "Revenue", condition: { kind: "boundary", lower: 1_200_000, upper: null }, monthOffset: -1, frequency: "monthly" }],
  );
});

test("a percentage change: direction, threshold and minimum baseline", async () => {
  const view = await render();
  fireEvent.click(screen.getByRole("radio", { name: /changes by a percentage/ }));
  fireEvent.change(screen.getByLabelText("Direction"), { target: { value: "down" } });
  typeInto("By at least", "7.5");
  fireEvent.change(screen.getByLabelText("Compared with"), { target: { value: "plan" } });
  typeInto("Minimum baseline", "10k");
  fireEvent.click(screen.getByRole("button", { name: "Next" }));
  fireEvent.click(screen.getByRole("button", { name: "Set alert" }));
  await act(async () => undefined);
  assert.equal(view.commands.filter((command) => command._tag === "SaveAlert").map((command: any) => command.condition), [{ kind: "change", basis: "plan", direction: "down", percent: 7.5, minimumBaseline: 10_000 }]);
});

test.run();
