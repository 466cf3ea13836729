import { test } from "uvu";
import * as assert from "uvu/assert";
import { fieldMessagesText, genericErrorText } from "../../../src/domain/errors/display";

test("server payloads are shown as 'field: messages', general messages without a label", () => {
  const table: [unknown, string][] = [
    [{ detail: "No user found for the given credentials" }, "No user found for the given credentials"],
    [{ email: ["Enter a valid email address."], password: ["This field may not be blank.", "Too short."] }, "email: Enter a valid email address.\npassword: This field may not be blank. Too short."],
    [{ non_field_errors: ["Unable to log in."] }, "Unable to log in."],
    ["plain text", "plain text"],
    [null, ""],
  ];
  for (const [body, expected] of table) assert.is(fieldMessagesText(body), expected);
});

test("the generic display cuts at 250 characters and points to the console", () => {
  assert.is(genericErrorText("short"), "short");
  const exact = "x".repeat(250);
  assert.is(genericErrorText(exact), exact);
  assert.is(genericErrorText("y".repeat(251)), "y".repeat(250) + "... (check the console)");
});

test.run();
