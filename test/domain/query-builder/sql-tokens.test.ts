// The editor's highlighting: every text splits into tokens that put together are the text, and
// the kinds are what a reader expects.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { sqlTokens } from "../../../src/domain/query-builder/sql-tokens";

const kinds = (text: string) => sqlTokens(text).filter((token) => token.kind !== "space").map((token) => `${token.kind}:${token.text}`);

test("tokens of a KPI query", () => {
  assert.equal(kinds("SELECT date_trunc('month', v.month)::date AS month, sum(value) -- total\nFROM qb.kpi_values v WHERE value > 1.5e3"), [
    "keyword:SELECT",
    "function:date_trunc",
    "operator:(",
    "string:'month'",
    "operator:,",
    "identifier:v",
    "operator:.",
    "identifier:month",
    "operator:)",
    "operator:::",
    "keyword:date",
    "keyword:AS",
    "identifier:month",
    "operator:,",
    "function:sum",
    "operator:(",
    "identifier:value",
    "operator:)",
    "comment:-- total",
    "keyword:FROM",
    "identifier:qb",
    "operator:.",
    "identifier:kpi_values",
    "identifier:v",
    "keyword:WHERE",
    "identifier:value",
    "operator:>",
    "number:1.5e3",
  ]);
});

test("quoting and comments as PostgreSQL reads them", () => {
  assert.equal(kinds(`'it''s' E'a\\'b' $$x ; y$$ $t$ $$ $t$ "Quoted ""name""" /* a /* nested */ comment */ set_config(`), [
    "string:'it''s'",
    "string:E'a\\'b'",
    "string:$$x ; y$$",
    "string:$t$ $$ $t$",
    'identifier:"Quoted ""name"""',
    "comment:/* a /* nested */ comment */",
    "identifier:set_config",
    "operator:(",
  ]);
});

test("any text, finished or not, is its tokens put together", () => {
  const texts = ["select 'unterminated", "/* open comment", "$$ open", 'select "open', "select 1; \\ ` ¤ ✓ ü", "", "e'\\", "select\n\t1"];
  for (const text of texts) assert.is(sqlTokens(text).map((token) => token.text).join(""), text, JSON.stringify(text));
});

test.run();
