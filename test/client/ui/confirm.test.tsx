import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Button } from "../../../src/client/ui/button";
import { useConfirm, type ConfirmRequest } from "../../../src/client/ui/confirm";
import { renderUi, wait } from "./render";

test.after.each(() => cleanup());

function Asker({ request }: { request: ConfirmRequest }) {
  const confirm = useConfirm();
  const [answer, setAnswer] = useState("none");
  return (
    <>
      <Button onClick={() => void confirm(request).then((confirmed) => setAnswer(String(confirmed)))}>Delete Revenue…</Button>
      <output>{answer}</output>
    </>
  );
}

const DELETE: ConfirmRequest = { title: "Delete Revenue?", message: "Its monthly values are deleted too.", confirmLabel: "Delete", tone: "danger" };

async function open() {
  const trigger = screen.getByRole("button", { name: "Delete Revenue…" });
  trigger.focus();
  fireEvent.click(trigger);
  const dialog = await screen.findByRole("alertdialog", { name: "Delete Revenue?" });
  await act(() => wait(20)); // the focus manager moves focus after mounting
  return { trigger, dialog };
}

test("useConfirm asks in a modal alert dialog and resolves true on confirm; focus returns to the trigger", async () => {
  renderUi(<Asker request={DELETE} />);
  const { trigger, dialog } = await open();
  assert.match(dialog.textContent ?? "", /Its monthly values are deleted too\./);
  assert.is(dialog.getAttribute("aria-modal"), "true");
  assert.is(document.activeElement?.textContent, "Cancel", "a dangerous question starts on Cancel");
  fireEvent.click(screen.getByRole("button", { name: "Delete" }));
  await act(() => wait(20));
  assert.is(document.querySelector("output")?.textContent, "true");
  assert.is(screen.queryByRole("alertdialog"), null);
  assert.is(document.activeElement, trigger);
});

test("Cancel and Escape resolve false", async () => {
  renderUi(<Asker request={DELETE} />);
  await open();
  fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
  await act(() => wait(20));
  assert.is(document.querySelector("output")?.textContent, "false");
  await open();
  fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape" });
  await act(() => wait(20));
  assert.is(screen.queryByRole("alertdialog"), null, "Escape closes");
  assert.is(document.querySelector("output")?.textContent, "false");
});

test("a default (not dangerous) question starts on its confirm button", async () => {
  renderUi(<Asker request={{ title: "Delete Revenue?", confirmLabel: "Publish" }} />);
  await open();
  assert.is(document.activeElement?.textContent, "Publish");
});

test.run();
