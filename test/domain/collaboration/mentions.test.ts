import { test } from "uvu";
import * as assert from "uvu/assert";
import { insertMention, matchesMention, mentionedAddresses, mentionQueryAt } from "../../../src/domain/collaboration/mentions";

const parsing: [string, string[]][] = [
  ["no mention here", []],
  ["@ada@example.com please check", ["ada@example.com"]],
  ["ada@example.com please check", ["ada@example.com"]],
  ["Ask Ada@Example.COM and bo.builder+fin@corp.example.co.uk.", ["ada@example.com", "bo.builder+fin@corp.example.co.uk"]],
  ["@ada@example.com, @ada@example.com again and ADA@example.com", ["ada@example.com"]],
  ["(cc @cy@example.org)", ["cy@example.org"]],
  ["end of sentence ada@example.com.", ["ada@example.com"]],
  ["a lone @ and @ada are no addresses", []],
  ["no top-level domain: ada@localhost", []],
  ["a one-letter ending is no domain: ada@example.c", []],
  ["two at signs ada@@example.com", []],
  ["line\nbreaks@example.com\tand tabs", ["breaks@example.com"]],
  ["first: bo@example.com; second: ada@example.com", ["bo@example.com", "ada@example.com"]],
];

for (const [text, expected] of parsing) {
  test(`mentions in ${JSON.stringify(text)}`, () => assert.equal(mentionedAddresses(text), expected));
}

const typing: [string, number, ReturnType<typeof mentionQueryAt>][] = [
  ["please @ad", 10, { start: 7, query: "ad" }],
  ["@", 1, { start: 0, query: "" }],
  ["(@bo", 4, { start: 1, query: "bo" }],
  ["please @ad and more", 10, { start: 7, query: "ad" }],
  ["please @ad done", 15, null],
  ["ada@exa", 7, null],
  ["no at sign", 10, null],
  ["@ada@example.com ", 17, null],
];

for (const [text, caret, expected] of typing) {
  test(`typing ${JSON.stringify(text)} at ${caret}`, () => assert.equal(mentionQueryAt(text, caret), expected));
}

test("choosing a suggestion replaces what was typed, keeps the rest and puts the caret after it", () => {
  assert.equal(insertMention("please @ad", { start: 7, query: "ad" }, 10, "ada@example.com"), { text: "please @ada@example.com ", caret: 24 });
  assert.equal(insertMention("hi @a, thanks", { start: 3, query: "a," }, 6, "ada@example.com"), { text: "hi @ada@example.com thanks", caret: 20 });
  assert.equal(insertMention("@ad rest", { start: 0, query: "ad" }, 3, "ada@example.com"), { text: "@ada@example.com rest", caret: 17 });
});

test("a person matches the start of a word of their name or address", () => {
  const ada = { name: "Ada Lovelace", email: "a.lovelace@example.com" };
  assert.ok(matchesMention(ada, ""));
  assert.ok(matchesMention(ada, "Ada"));
  assert.ok(matchesMention(ada, "love"));
  assert.ok(matchesMention(ada, "a.lov"));
  assert.not.ok(matchesMention(ada, "vel"));
  assert.not.ok(matchesMention(ada, "bob"));
});

test.run();
