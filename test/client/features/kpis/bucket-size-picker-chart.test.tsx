import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { ThemeProvider } from "styled-components";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { BucketSizePicker } from "../../../../src/client/features/kpis/views/chart/bucket-size-picker";
import type { BucketSize } from "../../../../src/domain/kpi/periods";
import { DARK } from "../../../../src/client/ui/theme";

test.after.each(() => cleanup());

test("the bucket size picker offers M, Q, HY, Y as one choice, marks the current one and reports 3 for Q", () => {
  const chosen: BucketSize[] = [];
  const view = render(
    <ThemeProvider theme={DARK}>
      <BucketSizePicker value={1} onChange={(size) => chosen.push(size)} />
    </ThemeProvider>,
  );
  const group = screen.getByRole("group", { name: "Bucket size" });
  const radios = within(group).getAllByRole("radio") as HTMLInputElement[];
  assert.equal(radios.map((radio) => radio.closest("label")?.textContent), ["M", "Q", "HY", "Y"]);
  assert.equal(radios.map((radio) => radio.checked), [true, false, false, false]);
  assert.equal(radios.map((radio) => radio.closest("label")?.getAttribute("title")), ["Month", "Quarter", "Half-year", "Year"]);
  fireEvent.click(screen.getByRole("radio", { name: "Q" }));
  fireEvent.click(screen.getByRole("radio", { name: "HY" }));
  fireEvent.click(screen.getByRole("radio", { name: "Y" }));
  assert.equal(chosen, [3, 6, 12]);
  view.rerender(
    <ThemeProvider theme={DARK}>
      <BucketSizePicker value={12} onChange={(size) => chosen.push(size)} />
    </ThemeProvider>,
  );
  assert.ok((screen.getByRole("radio", { name: "Y" }) as HTMLInputElement).checked, "follows the value");
  fireEvent.click(screen.getByRole("radio", { name: "Y" }));
  assert.equal(chosen, [3, 6, 12], "the current size is not reported again");
});

test.run();
