import { act, cleanup, render } from "@testing-library/react";
import { useRef } from "react";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Route, Router, Switch } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { useFocusHeadingOnNavigation } from "../../../../src/client/app/shell/page-focus";

test.after.each(() => cleanup());

function Layout() {
  const main = useRef<HTMLElement>(null);
  useFocusHeadingOnNavigation(main);
  return (
    <>
      <nav>
        <a href="/b">menu link</a>
      </nav>
      <main ref={main}>
        <Switch>
          <Route path="/a/:tab?">
            <h1>Screen A</h1>
            <a href="/a/2">tab</a>
          </Route>
          <Route path="/b">
            <h1>Screen B</h1>
          </Route>
        </Switch>
      </main>
    </>
  );
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

test("after a navigation focus moves to the new page's heading, and the title names the page", async () => {
  const location = memoryLocation({ path: "/a", record: true });
  const view = render(
    <Router hook={location.hook}>
      <Layout />
    </Router>,
  );
  await act(tick);
  assert.is(document.title, "Screen A · Meridian");
  assert.is(document.activeElement, document.body, "the first page load leaves focus where the browser put it");
  (view.getByText("menu link") as HTMLElement).focus();
  await act(async () => {
    location.navigate("/b");
    await tick();
  });
  assert.is(document.activeElement?.textContent, "Screen B");
  assert.is(document.title, "Screen B · Meridian");
});

test("focus stays on a control the person is using inside the page", async () => {
  const location = memoryLocation({ path: "/a", record: true });
  const view = render(
    <Router hook={location.hook}>
      <Layout />
    </Router>,
  );
  await act(tick);
  const tab = view.getByText("tab") as HTMLElement;
  tab.focus();
  await act(async () => {
    location.navigate("/a/2");
    await tick();
  });
  assert.is(document.activeElement, tab, "a tab of the same page keeps its focus");
  assert.equal(location.history, ["/a", "/a/2"]);
});

test.run();
