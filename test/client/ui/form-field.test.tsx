import { cleanup, screen } from "@testing-library/react";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { FormField } from "../../../src/client/ui/form-field";
import { Checkbox, NumberInput, Select, TextInput } from "../../../src/client/ui/inputs";
import { renderUi } from "./render";

test.after.each(() => cleanup());

const describedText = (element: HTMLElement) =>
  (element.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? `(missing #${id})`);

test("the label names the control; help describes it; no error, not invalid", () => {
  renderUi(
    <FormField label="First name" help="As it appears in e-mails.">
      <TextInput value="Ada" onChange={() => undefined} />
    </FormField>,
  );
  const input = screen.getByLabelText("First name");
  assert.is(input.tagName, "INPUT");
  assert.equal(describedText(input), ["As it appears in e-mails."]);
  assert.is(input.getAttribute("aria-invalid"), null);
});

test("an error shows next to the field with the field's label, marks it invalid and describes it first", () => {
  renderUi(
    <FormField label="E-mail" help="We send the invitation here." error="Enter a valid e-mail address." required>
      <TextInput type="email" value="ada@" onChange={() => undefined} />
    </FormField>,
  );
  const input = screen.getByLabelText(/E-mail/) as HTMLInputElement;
  assert.is(input.getAttribute("aria-invalid"), "true");
  assert.ok(input.required);
  assert.equal(describedText(input), ["E-mail: Enter a valid e-mail address.", "We send the invitation here."]);
  assert.ok(screen.getByText("(required)"));
});

test("several server messages show one per line, each with the label", () => {
  renderUi(
    <FormField label="Password" error={["This password is too short.", "This password is too common."]}>
      <TextInput type="password" value="x" onChange={() => undefined} />
    </FormField>,
  );
  assert.equal(
    [...document.querySelectorAll(".message")].map((line) => line.textContent),
    ["Password: This password is too short.", "Password: This password is too common."],
  );
});

test("number input: text with decimal keyboard, its unit read with it; select and checkbox are labelled", () => {
  renderUi(
    <>
      <FormField label="Actual">
        <NumberInput unit="€" value="1,234.5" onChange={() => undefined} />
      </FormField>
      <FormField label="Group">
        <Select value="b" onChange={() => undefined} options={[{ value: "a", label: "Administrator" }, { value: "b", label: "Employee" }]} />
      </FormField>
      <Checkbox label="Send a welcome e-mail" error="Choose whether to send it." checked={false} onChange={() => undefined} />
    </>,
  );
  const amount = screen.getByLabelText("Actual");
  assert.is(amount.getAttribute("inputmode"), "decimal");
  assert.equal(describedText(amount), ["€"]);
  assert.is((screen.getByLabelText("Group") as HTMLSelectElement).value, "b");
  const box = screen.getByLabelText("Send a welcome e-mail");
  assert.is(box.getAttribute("aria-invalid"), "true");
  assert.equal(describedText(box), ["Send a welcome e-mail: Choose whether to send it."]);
});

test.run();
