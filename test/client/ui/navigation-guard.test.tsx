import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Link, Route, Switch, useLocation } from "wouter";
import { NavigationGuardProvider, useUnsavedChangesGuard } from "../../../src/client/ui/navigation-guard";
import { goTo, renderUi, wait } from "./render";

test.after.each(() => cleanup());

function Editor() {
  const [dirty, setDirty] = useState(true);
  const [, navigate] = useLocation();
  useUnsavedChangesGuard(dirty);
  return (
    <>
      <h1>Editor</h1>
      <Link href="/other">Other page</Link>
      <button onClick={() => navigate("/other")}>Go by navigate</button>
      <button onClick={() => setDirty(false)}>Save</button>
    </>
  );
}

function App() {
  return (
    <NavigationGuardProvider>
      <Switch>
        <Route path="/edit" component={Editor} />
        <Route path="/other">
          <h1>Other page</h1>
          <Link href="/edit">Edit</Link>
        </Route>
      </Switch>
    </NavigationGuardProvider>
  );
}

const heading = () => screen.getByRole("heading", { level: 1, hidden: true }).textContent;
const settle = () => act(() => wait(30));

async function startAt(path: string) {
  goTo(path);
  renderUi(<App />);
  await settle();
}

test("a link away from unsaved changes asks; Stay keeps the page, Leave goes", async () => {
  await startAt("/edit");
  fireEvent.click(screen.getByRole("link", { name: "Other page" }));
  const dialog = await screen.findByRole("alertdialog", { name: "Leave this page?" });
  assert.match(dialog.textContent ?? "", /unsaved changes/);
  assert.is(location.pathname, "/edit", "nothing navigated while asking");
  fireEvent.click(screen.getByRole("button", { name: "Stay" }));
  await settle();
  assert.is(screen.queryByRole("alertdialog"), null);
  assert.is(location.pathname, "/edit");
  assert.is(heading(), "Editor");

  fireEvent.click(screen.getByRole("link", { name: "Other page" }));
  await screen.findByRole("alertdialog");
  fireEvent.click(screen.getByRole("button", { name: "Leave" }));
  await settle();
  assert.is(location.pathname, "/other");
  assert.is(heading(), "Other page");
});

test("navigate() from code is guarded too; after saving nothing is asked", async () => {
  await startAt("/edit");
  fireEvent.click(screen.getByRole("button", { name: "Go by navigate" }));
  await screen.findByRole("alertdialog", { name: "Leave this page?" });
  fireEvent.click(screen.getByRole("button", { name: "Stay" }));
  await settle();
  fireEvent.click(screen.getByRole("button", { name: "Save" }));
  await settle();
  fireEvent.click(screen.getByRole("link", { name: "Other page" }));
  await settle();
  assert.is(screen.queryByRole("alertdialog"), null);
  assert.is(heading(), "Other page");
});

test("Back with unsaved changes asks; Stay restores the address, Leave goes back", async () => {
  await startAt("/other");
  fireEvent.click(screen.getByRole("link", { name: "Edit" }));
  await settle();
  assert.is(heading(), "Editor");
  act(() => history.back());
  await screen.findByRole("alertdialog", { name: "Leave this page?" });
  assert.is(location.pathname, "/edit", "the address is back on the page with the changes");
  assert.is(heading(), "Editor");
  fireEvent.click(screen.getByRole("button", { name: "Stay" }));
  await settle();
  assert.is(location.pathname, "/edit");
  assert.is(heading(), "Editor");

  act(() => history.back());
  await screen.findByRole("alertdialog");
  fireEvent.click(screen.getByRole("button", { name: "Leave" }));
  await settle();
  assert.is(location.pathname, "/other");
  assert.is(heading(), "Other page");
});

test("closing or reloading the page with unsaved changes asks the browser to confirm", async () => {
  await startAt("/edit");
  const unload = () => {
    const event = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  };
  assert.ok(unload(), "dirty: the browser asks");
  fireEvent.click(screen.getByRole("button", { name: "Save" }));
  await settle();
  assert.not.ok(unload(), "saved: it does not");
});

test.run();
