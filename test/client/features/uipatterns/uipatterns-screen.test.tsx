import { act, cleanup, render, screen } from "@testing-library/react";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { ThemeProvider } from "styled-components";
import UiPatternsScreen from "../../../../src/client/features/uipatterns/views/uipatterns-screen";
import { ConfirmProvider } from "../../../../src/client/ui/confirm";
import { NavigationGuardProvider } from "../../../../src/client/ui/navigation-guard";
import { DARK, LIGHT } from "../../../../src/client/ui/theme";
import { contrastPairs } from "../../../../src/client/ui/theme-contrast";
import { goTo } from "../../ui/render";

test.after.each(() => cleanup());

function renderScreen(theme: typeof DARK) {
  goTo("/uipatterns");
  return render(
    <ThemeProvider theme={theme}>
      <ConfirmProvider>
        <NavigationGuardProvider>
          <UiPatternsScreen />
        </NavigationGuardProvider>
      </ConfirmProvider>
    </ThemeProvider>,
  );
}

for (const theme of [DARK, LIGHT]) {
  test(`the style guide renders in the ${theme.name} theme with every token pair passing`, async () => {
    renderScreen(theme);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    assert.ok(screen.getByRole("heading", { level: 1, name: "UI patterns" }));
    assert.match(document.body.textContent ?? "", new RegExp(`Colour roles of the ${theme.name} theme`));
    assert.match(document.body.textContent ?? "", new RegExp(`All ${contrastPairs(theme).length} pairs pass`));
  });
}

test("every entry of the contents leads to a specimen on the page, and every specimen is in the contents", () => {
  renderScreen(DARK);
  const contents = screen.getByRole("navigation", { name: "UI patterns contents" });
  const targets = [...contents.querySelectorAll("a")].map((link) => link.getAttribute("href")!.slice(1));
  assert.ok(targets.length >= 20);
  for (const id of targets) assert.ok(document.getElementById(id), `#${id} exists`);
  const specimens = [...document.querySelectorAll("article[id]")].map((article) => article.id);
  assert.equal(specimens.filter((id) => !targets.includes(id)), []);
});

test("every button and link on the page has an accessible name that contains its visible text", () => {
  renderScreen(LIGHT);
  // Testing Library computes each element's accessible name and hands it to a name matcher.
  const names = new Map<Element, string>();
  for (const role of ["button", "link"] as const) {
    screen.queryAllByRole(role, {
      name: (name, element) => {
        names.set(element, name);
        return true;
      },
    });
  }
  const controls = [...document.querySelectorAll<HTMLElement>("button, a[href]")];
  assert.ok(controls.length > 50);
  // Compared without spaces: text in neighbouring elements runs together in textContent.
  const squeeze = (text: string) => text.replace(/\s+/g, "").toLowerCase();
  const problems = controls.flatMap((control) => {
    const name = names.get(control) ?? "";
    const shown = control.cloneNode(true) as HTMLElement;
    for (const hidden of shown.querySelectorAll("[aria-hidden=true]")) hidden.remove();
    const visible = shown.textContent ?? "";
    if (!name.trim()) return [`${control.outerHTML.slice(0, 80)} has no name`];
    if (!squeeze(name).includes(squeeze(visible))) return [`"${name}" does not contain "${visible}"`];
    return [];
  });
  assert.equal(problems, []);
});

test.run();
