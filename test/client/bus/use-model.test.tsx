import { act, cleanup, screen } from "@testing-library/react";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { FxRateSelected, ThemeChanged } from "../../../src/contracts/messages/session";
import type { AppState } from "../../../src/client/app/state";
import { useModel } from "../../../src/client/bus/use-model";
import { renderWithBus } from "../support/dom";

test.after.each(() => cleanup());

test("a view re-renders only when its selected slice changes", async () => {
  let renders = 0;
  function ThemeName() {
    renders++;
    const theme = useModel((state: AppState) => state.shell.theme);
    return <span data-testid="theme">{theme}</span>;
  }
  const view = await renderWithBus(<ThemeName />);
  assert.is(renders, 1);
  act(() => {
    view.bus.receive(FxRateSelected.make({ fxRateId: 3 }), "local");
    view.bus.receive(FxRateSelected.make({ fxRateId: 4 }), "local");
  });
  assert.is(renders, 1, "FX changes do not touch the theme view");
  act(() => void view.bus.receive(ThemeChanged.make({ theme: "light" }), "local"));
  assert.is(renders, 2);
  assert.is(screen.getByTestId("theme").textContent, "light");
});

test.run();
