import { test } from "uvu";
import * as assert from "uvu/assert";
import { formErrors, formErrorsFromLines } from "../../../../src/client/features/account/form-errors";

test("a form's own fields get their messages; the rest keeps the 'field: messages' join, general messages bare", () => {
  const errors = formErrors({ email: ["Enter a valid email address."], tenant: ["Unknown.", "Archived."], detail: ["No user found."] }, ["email", "password"]);
  assert.equal(errors.byField, { email: ["Enter a valid email address."] });
  assert.is(errors.rest, "tenant: Unknown. Archived.\nNo user found.");
});

test("lines already joined go to the field they name; other lines stay together", () => {
  const errors = formErrorsFromLines(["new_password: This password is too short.", "re_new_password: The two passwords differ.", "token: The link has expired."], ["new_password", "re_new_password"]);
  assert.equal(errors.byField, { new_password: ["This password is too short."], re_new_password: ["The two passwords differ."] });
  assert.is(errors.rest, "token: The link has expired.");
});

test("a field whose name starts like another's is not mistaken for it", () => {
  assert.equal(formErrorsFromLines(["re_new_password: Differs."], ["new_password"]).byField, {});
});

test.run();
