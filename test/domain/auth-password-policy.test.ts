import { test } from "uvu";
import * as assert from "uvu/assert";
import { passwordProblems } from "../../src/domain/auth/password-policy";

test("password rules as a table", () => {
  const context = { email: "ada.lovelace@demo.example", firstName: "Ada", lastName: "Lovelace" };
  const table: [string, string[]][] = [
    ["correct horse battery staple", []],
    ["Ünïcødé passwörd ✓", []],
    ["short", ["This password is too short. It must contain at least 12 characters."]],
    ["password1234", ["This password is too common."]],
    ["aaaaaaaaaaaaaaaa", ["This password is too common."]],
    ["384756192837465", ["This password is entirely numeric."]],
    ["my lovelace secret", ["The password is too similar to your e-mail address or name."]],
    ["x".repeat(129).replace(/^x/, "y"), ["This password is too long. It may contain at most 128 characters."]],
  ];
  for (const [password, expected] of table) assert.equal(passwordProblems(password, context), expected, password);
});

test.run();
