import { cleanup, fireEvent, screen } from "@testing-library/react";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Button } from "../../../src/client/ui/button";
import { IconButton } from "../../../src/client/ui/icon-button";
import { Icon } from "../../../src/client/ui/icons";
import { Button as LegacyButton } from "../../../src/client/ui/primitives";
import { renderUi } from "./render";

test.after.each(() => cleanup());

test("a button is type=button unless it says submit, and its label is its name", () => {
  let clicks = 0;
  renderUi(<Button onClick={() => clicks++}>Save changes</Button>);
  const button = screen.getByRole("button", { name: "Save changes" });
  assert.is(button.getAttribute("type"), "button");
  fireEvent.click(button);
  assert.is(clicks, 1);
});

test("disabled is really disabled; busy stays focusable, says so and ignores clicks", () => {
  let clicks = 0;
  renderUi(
    <>
      <Button disabled onClick={() => clicks++}>
        Disabled
      </Button>
      <Button variant="primary" type="submit" busy onClick={() => clicks++}>
        Saving
      </Button>
    </>,
  );
  const disabled = screen.getByRole("button", { name: "Disabled" }) as HTMLButtonElement;
  assert.ok(disabled.disabled);
  const busy = screen.getByRole("button", { name: "Saving" }) as HTMLButtonElement;
  assert.not.ok(busy.disabled, "a busy button keeps focus, so it is not disabled");
  assert.is(busy.getAttribute("aria-busy"), "true");
  assert.is(busy.getAttribute("aria-disabled"), "true");
  assert.is(busy.getAttribute("type"), "button", "a busy submit button cannot submit its form again");
  busy.focus();
  assert.is(document.activeElement, busy);
  fireEvent.click(busy);
  fireEvent.click(disabled);
  assert.is(clicks, 0);
});

test("an icon button is named by its required label, and can be a toggle", () => {
  renderUi(<IconButton label="Add Revenue to favourites" icon={<Icon name="check" />} pressed={false} />);
  const button = screen.getByRole("button", { name: "Add Revenue to favourites" });
  assert.is(button.getAttribute("aria-pressed"), "false");
  assert.ok(button.querySelector("svg[aria-hidden=true]"), "the icon is hidden from assistive technology");
});

test("the old primitives Button keeps its API: $variant, and no type attribute unless given (HTML: submit)", () => {
  renderUi(
    <form>
      <LegacyButton $variant="primary">Sign in</LegacyButton>
      <LegacyButton $variant="plain" type="button">
        Cancel
      </LegacyButton>
    </form>,
  );
  assert.is(screen.getByRole("button", { name: "Sign in" }).getAttribute("type"), null);
  assert.is((screen.getByRole("button", { name: "Sign in" }) as HTMLButtonElement).type, "submit");
  assert.is(screen.getByRole("button", { name: "Cancel" }).getAttribute("type"), "button");
});

test.run();
