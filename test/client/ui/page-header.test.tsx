import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Button } from "../../../src/client/ui/button";
import { PageHeader } from "../../../src/client/ui/page-header";
import { SkipLink } from "../../../src/client/ui/skip-link";
import { renderUi } from "./render";

test.after.each(() => cleanup());

test("the page's h1 takes focus programmatically; breadcrumbs are an ordered list of links in a Breadcrumb landmark", () => {
  renderUi(
    <PageHeader
      title="Revenue"
      description="Monthly values in EUR."
      breadcrumbs={[
        { label: "Operational dashboard", href: "/reporting/operational-dashboard" },
        { label: "Revenue", href: "/reporting/kpi-detail/1" },
      ]}
      actions={<Button variant="primary">Save changes</Button>}
    />,
  );
  const h1 = screen.getByRole("heading", { level: 1, name: "Revenue" });
  assert.is(h1.getAttribute("tabindex"), "-1");
  h1.focus();
  assert.is(document.activeElement, h1);
  const trail = screen.getByRole("navigation", { name: "Breadcrumb" });
  assert.ok(within(trail).getByRole("list").tagName === "OL");
  const links = within(trail).getAllByRole("link");
  assert.equal(links.map((link) => [link.textContent, link.getAttribute("href"), link.getAttribute("aria-current")]), [
    ["Operational dashboard", "/reporting/operational-dashboard", null],
    ["Revenue", "/reporting/kpi-detail/1", "page"],
  ]);
  assert.ok(screen.getByText("Monthly values in EUR."));
  assert.ok(screen.getByRole("button", { name: "Save changes" }));
});

test("no breadcrumbs, no navigation landmark", () => {
  renderUi(<PageHeader title="Operational dashboard" />);
  assert.is(screen.queryByRole("navigation"), null);
});

test("the skip link moves focus to the main region without changing the address", () => {
  const before = location.href;
  renderUi(
    <>
      <SkipLink />
      <main id="main">Content</main>
    </>,
  );
  const link = screen.getByRole("link", { name: "Skip to main content" });
  fireEvent.click(link);
  assert.is(document.activeElement?.id, "main");
  assert.is(location.href, before);
});

test.run();
