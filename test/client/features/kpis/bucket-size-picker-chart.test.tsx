import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { ThemeProvider } from "styled-components";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { BucketSizePicker } from "../../../../src/client/features/kpis/views/chart/bucket-size-picker";
import type { BucketSize } from "../../../../src/domain/kpi/periods";
import { DARK } from "../../../../src/client/ui/theme";

test.after.each(() => cleanup());

test("the bucket size picker offers M, Q, HY, Y, marks the current one and reports 3 for Q", () => {
  const chosen: BucketSize[] = [];
  render(
    <ThemeProvider theme={DARK}>
      <BucketSizePicker value={1} onChange={(size) => chosen.push(size)} />
    </ThemeProvider>,
  );
  const group = screen.getByRole("group", { name: "Bucket size" });
  const buttons = [...group.querySelectorAll("button")];
  assert.equal(buttons.map((button) => button.textContent), ["M", "Q", "HY", "Y"]);
  assert.equal(buttons.map((button) => button.getAttribute("aria-pressed")), ["true", "false", "false", "false"]);
  fireEvent.click(screen.getByRole("button", { name: "Q" }));
  fireEvent.click(screen.getByRole("button", { name: "HY" }));
  fireEvent.click(screen.getByRole("button", { name: "Y" }));
  fireEvent.click(screen.getByRole("button", { name: "M" }));
  assert.equal(chosen, [3, 6, 12], "the current size is not reported again");
});

test.run();
