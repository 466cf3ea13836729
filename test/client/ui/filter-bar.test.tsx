import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { useState } from "react";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { FilterSelect, MonthInput } from "../../../src/client/ui/compact-controls";
import { FilterBar, type FilterBarLayout } from "../../../src/client/ui/filter-bar";
import { Checkbox } from "../../../src/client/ui/inputs";
import { fakeLayout, renderUi, wait } from "./render";

test.after.each(() => cleanup());

function Filters({ layout, onReset = () => undefined }: { layout: FilterBarLayout; onReset?: () => void }) {
  const [month, setMonth] = useState("2026-10");
  const [trend, setTrend] = useState(3);
  const [planning, setPlanning] = useState(false);
  return (
    <FilterBar
      label="Dashboard filters"
      layout={layout}
      onReset={() => {
        setMonth("2026-10");
        setTrend(1);
        setPlanning(false);
        onReset();
      }}
      items={[
        { key: "month", priority: "essential", changed: month !== "2026-10", control: <MonthInput label="Reporting month" value={month} onChange={setMonth} /> },
        { key: "trend", changed: trend !== 1, control: <FilterSelect label="Trend over" value={trend} onChange={setTrend} options={[1, 3, 6].map((value) => ({ value, label: `${value} months` }))} /> },
        { key: "planning", priority: "secondary", changed: planning, control: <Checkbox label="Planning as benchmark" checked={planning} onChange={(event) => setPlanning(event.target.checked)} /> },
      ]}
    />
  );
}

test("inline: every labelled control in one bar, a named form; Reset resets", () => {
  let resets = 0;
  renderUi(<Filters layout="inline" onReset={() => resets++} />);
  const bar = screen.getByRole("form", { name: "Dashboard filters" });
  for (const label of ["Reporting month", "Trend over", "Planning as benchmark"]) assert.ok(within(bar).getByLabelText(label), label);
  assert.is((screen.getByLabelText("Trend over") as HTMLSelectElement).value, "3");
  fireEvent.click(screen.getByRole("button", { name: "Reset filters" }));
  assert.is(resets, 1);
  assert.is((screen.getByLabelText("Trend over") as HTMLSelectElement).value, "1");
  assert.ok((screen.getByRole("button", { name: "Reset filters" }) as HTMLButtonElement).disabled, "nothing left to reset");
});

test("more: secondary filters behind 'More filters' (with the count of changed ones), in a popover", async () => {
  renderUi(<Filters layout="more" />);
  assert.ok(screen.getByLabelText("Trend over"), "primary stays in the bar");
  assert.is(screen.queryByLabelText("Planning as benchmark"), null);
  const more = screen.getByRole("button", { name: "More filters" });
  fireEvent.click(more);
  const panel = await screen.findByRole("dialog", { name: "More filters" });
  fireEvent.click(within(panel).getByLabelText("Planning as benchmark"));
  await act(() => wait(10));
  assert.ok(screen.getByRole("button", { name: "More filters (1)" }), "the button counts the changed filter inside");
});

test("compact: the essential filter stays, one 'Filters (n)' button holds the rest and Reset", async () => {
  renderUi(<Filters layout="compact" />);
  assert.ok(screen.getByLabelText("Reporting month"));
  assert.is(screen.queryByLabelText("Trend over"), null);
  fireEvent.click(screen.getByRole("button", { name: "Filters (1)" }));
  const panel = await screen.findByRole("dialog", { name: "Filters" });
  assert.ok(within(panel).getByLabelText("Trend over"));
  assert.ok(within(panel).getByRole("button", { name: "Reset filters" }));
});

test("auto: takes the widest layout that fits the bar's width", async () => {
  // The bar is 700 px wide; all controls in one line need 1000, without the secondary ones 600.
  const restore = fakeLayout((element) => {
    if (element.tagName === "FORM") return { clientWidth: 700 };
    if (element.classList.contains("row")) return { scrollWidth: element.classList.contains("inline") ? 1000 : element.classList.contains("more") ? 600 : 300 };
    return undefined;
  });
  try {
    renderUi(<Filters layout="auto" />);
    await act(() => wait(10));
    assert.is(screen.getByRole("form").getAttribute("data-layout"), "more");
    assert.ok(screen.getByRole("button", { name: "More filters" }));
  } finally {
    restore();
  }
});

test.run();
