import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { useState } from "react";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { toastDuration, ToastRegion, type ToastData } from "../../../src/client/ui/toast";
import { renderUi, wait } from "./render";

test.after.each(() => cleanup());

function Host({ initial, onAction = () => undefined }: { initial: ToastData[]; onAction?: (id: ToastData["id"]) => void }) {
  const [toasts, setToasts] = useState(initial);
  return <ToastRegion toasts={toasts} onDismiss={(id) => setToasts((current) => current.filter((toast) => toast.id !== id))} onAction={onAction} />;
}

const titles = () => [...document.querySelectorAll(".toast-title")].map((title) => title.textContent);

test("default durations: successes leave, errors stay, an action gives more time", () => {
  assert.is(toastDuration({ id: 1, kind: "success", title: "Saved" }), 5_000);
  assert.is(toastDuration({ id: 1, kind: "info", title: "Copied" }), 6_000);
  assert.is(toastDuration({ id: 1, kind: "success", title: "Removed", actionLabel: "Undo" }), 10_000);
  assert.is(toastDuration({ id: 1, kind: "error", title: "Failed — try again" }), null);
  assert.is(toastDuration({ id: 1, kind: "success", title: "Saved", duration: 50 }), 50);
});

test("errors are announced at once, the others politely; at most three show, the newest", () => {
  renderUi(
    <Host
      initial={[
        { id: 1, kind: "success", title: "Saved 1" },
        { id: 2, kind: "success", title: "Saved 2" },
        { id: 3, kind: "error", title: "Failed — try again" },
        { id: 4, kind: "info", title: "Copied" },
      ]}
    />,
  );
  assert.equal(titles().sort(), ["Copied", "Failed — try again", "Saved 2"]);
  assert.ok(within(screen.getByRole("alert")).getByText("Failed — try again"));
  assert.ok(within(screen.getByRole("status")).getByText("Copied"));
  assert.is(screen.getByRole("status").getAttribute("aria-live"), "polite");
});

test("a toast leaves after its time; hovering pauses the countdown", async () => {
  renderUi(
    <Host
      initial={[
        { id: 1, kind: "success", title: "Saved", duration: 60 },
        { id: 2, kind: "info", title: "Hovered", duration: 60 },
      ]}
    />,
  );
  const hovered = screen.getByText("Hovered").closest("div[class]")!.parentElement!;
  fireEvent.mouseEnter(hovered);
  await act(() => wait(150));
  assert.equal(titles(), ["Hovered"], "the other one left; the hovered one waits");
  fireEvent.mouseLeave(hovered);
  await act(() => wait(150));
  assert.equal(titles(), []);
});

test("the action (Undo) reports its toast and closes it; Dismiss closes it", () => {
  const actions: ToastData["id"][] = [];
  renderUi(
    <Host
      initial={[
        { id: "a", kind: "info", title: "KPI removed from favourites", actionLabel: "Undo", duration: null },
        { id: "b", kind: "error", title: "Failed — try again" },
      ]}
      onAction={(id) => actions.push(id)}
    />,
  );
  fireEvent.click(screen.getByRole("button", { name: "Undo" }));
  assert.equal(actions, ["a"]);
  assert.equal(titles(), ["Failed — try again"]);
  fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
  assert.equal(titles(), []);
});

test.run();
