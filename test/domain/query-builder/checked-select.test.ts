// The checker and printer of query-builder SQL as a table: what a KPI query may say and the SQL
// written for it, and what is refused with which reason. The trees come from PostgreSQL's own
// parser (libpg-query), as on the server.
import { loadModule, parseSync } from "libpg-query";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { checkedSelect, QueryRefused } from "../../../src/domain/query-builder/checked-select";

const VIEWS = new Set(["kpis", "kpi_values", "kpi_categories"]);

const check = (text: string) => checkedSelect(parseSync(text), text, VIEWS);

test.before(async () => {
  await loadModule();
});

test("accepted queries and the SQL written from their tree", () => {
  const table: [string, string][] = [
    ["select month, value from kpi_values", `SELECT "month", "value" FROM "qb"."kpi_values"`],
    ["SELECT Month FROM QB.KPI_VALUES V", `SELECT "month" FROM "qb"."kpi_values" AS "v"`],
    [
      "select date_trunc('month', month)::date as month, sum(value) as value from qb.kpi_values where kpi_id = 3 group by 1 order by 1",
      `SELECT CAST(pg_catalog."date_trunc"('month', "month") AS pg_catalog.date) AS "month", pg_catalog."sum"("value") AS "value" FROM "qb"."kpi_values" WHERE ("kpi_id" = 3) GROUP BY 1 ORDER BY 1`,
    ],
    ["select -1, 1.5e3, -0.5, 0, '', null, true, false", `SELECT (-1), 1.5e3, (-0.5), 0, '', NULL, TRUE, FALSE`],
    ["select 'it''s', e'back\\\\slash', $$dollar$$, U&'\\0041'", `SELECT 'it''s', E'back\\\\slash', 'dollar', 'A'`],
    ["select 1 /* nested /* comment */ still */ -- and a line\nfrom kpis", `SELECT 1 FROM "qb"."kpis"`],
    ['select "Odd ""name""" from kpis', `SELECT "Odd ""name""" FROM "qb"."kpis"`],
    ["with m as (select month from kpi_values), n as (select * from m) select * from n", `WITH "m" AS (SELECT "month" FROM "qb"."kpi_values"), "n" AS (SELECT * FROM "m") SELECT * FROM "n"`],
    ["with kpis as materialized (select 1 as id) select id from kpis", `WITH "kpis" AS MATERIALIZED (SELECT 1 AS "id") SELECT "id" FROM "kpis"`],
    [
      "select a.month from kpi_values a left join kpis k on k.id = a.kpi_id cross join kpi_categories c",
      `SELECT "a"."month" FROM (("qb"."kpi_values" AS "a" LEFT JOIN "qb"."kpis" AS "k" ON ("k"."id" = "a"."kpi_id")) CROSS JOIN "qb"."kpi_categories" AS "c")`,
    ],
    ["select 1 from kpi_values a join kpi_values b using (month)", `SELECT 1 FROM ("qb"."kpi_values" AS "a" JOIN "qb"."kpi_values" AS "b" USING ("month"))`],
    [
      "select month, value - lag(value) over (partition by kpi_id order by month) from kpi_values",
      `SELECT "month", ("value" - pg_catalog."lag"("value") OVER (PARTITION BY "kpi_id" ORDER BY "month")) FROM "qb"."kpi_values"`,
    ],
    [
      "select avg(value) over (order by month rows between 2 preceding and current row) from kpi_values",
      `SELECT pg_catalog."avg"("value") OVER (ORDER BY "month" ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) FROM "qb"."kpi_values"`,
    ],
    ["select count(*) filter (where value > 0), count(distinct kpi_id) from kpi_values", `SELECT pg_catalog."count"(*) FILTER (WHERE ("value" > 0)), pg_catalog."count"(DISTINCT "kpi_id") FROM "qb"."kpi_values"`],
    ["select percentile_cont(0.5) within group (order by value desc nulls last) from kpi_values", `SELECT pg_catalog."percentile_cont"(0.5) WITHIN GROUP (ORDER BY "value" DESC NULLS LAST) FROM "qb"."kpi_values"`],
    [
      "select case when value > 0 then 1 when value < 0 then -1 else 0 end, coalesce(value, 0), greatest(1, 2), nullif(value, 0) from kpi_values",
      `SELECT (CASE WHEN ("value" > 0) THEN 1 WHEN ("value" < 0) THEN (-1) ELSE 0 END), COALESCE("value", 0), GREATEST(1, 2), NULLIF("value", 0) FROM "qb"."kpi_values"`,
    ],
    [
      "select 1 from kpi_values where month between date '2024-01-01' and current_date and series in ('actual') and kpi_id not in (1, 2) and value is not null and not (value = 1)",
      `SELECT 1 FROM "qb"."kpi_values" WHERE (("month" BETWEEN CAST('2024-01-01' AS pg_catalog.date) AND CURRENT_DATE) AND ("series" IN ('actual')) AND ("kpi_id" NOT IN (1, 2)) AND ("value" IS NOT NULL) AND (NOT ("value" = 1)))`,
    ],
    ["select 1 from kpis where key like 'rev%' or name ilike '%x'", `SELECT 1 FROM "qb"."kpis" WHERE (("key" LIKE 'rev%') OR ("name" ILIKE '%x'))`],
    [
      "select 1 from kpis k where exists (select 1 from kpi_values v where v.kpi_id = k.id) and k.id in (select kpi_id from kpi_values)",
      `SELECT 1 FROM "qb"."kpis" AS "k" WHERE ((EXISTS (SELECT 1 FROM "qb"."kpi_values" AS "v" WHERE ("v"."kpi_id" = "k"."id"))) AND ("k"."id" IN (SELECT "kpi_id" FROM "qb"."kpi_values")))`,
    ],
    ["(select 1 as a) union all (select 2) order by 1 limit 5 offset 1", `(SELECT 1 AS "a") UNION ALL (SELECT 2) ORDER BY 1 LIMIT 5 OFFSET 1`],
    ["select * from (values (1, 'a')) as v(n, s)", `SELECT * FROM (VALUES (1, 'a')) AS "v"("n", "s")`],
    ["select distinct on (kpi_id) kpi_id, value from kpi_values", `SELECT DISTINCT ON ("kpi_id") "kpi_id", "value" FROM "qb"."kpi_values"`],
    [
      "select extract(year from month), make_date(2024, 1, 1), interval '1 month', 1::numeric(10, 2), '1'::int",
      `SELECT pg_catalog."extract"('year', "month"), pg_catalog."make_date"(2024, 1, 1), CAST('1 month' AS interval), CAST(1 AS numeric(10, 2)), CAST('1' AS integer)`,
    ],
  ];
  for (const [text, expected] of table) assert.is(check(text).sql, expected, text);
});

test("the views a query reads are named; CTEs are not views", () => {
  assert.equal(check("with kpi_values as (select 1) select * from kpi_values, kpis, qb.kpi_categories").views, ["kpi_categories", "kpis"]);
});

test("refused queries and their reasons", () => {
  const table: [string, RegExp][] = [
    ["  -- only a comment", /The query is empty/],
    ["select 1; select 2", /Write one statement only/],
    ["update kpis set name = 'x'", /Only a SELECT can run here, not UPDATE/],
    ["set role none", /not SET or RESET/],
    ["show all", /not SHOW/],
    ["truncate kpi_values", /Only a SELECT can run here, not TRUNCATE/],
    ["select * from public.kpis", /Only the views of the qb schema can be read; public\.kpis is not one of them/],
    ["select * from mydb.qb.kpis", /mydb\.qb\.kpis is not one of them/],
    ["select * from qb.users", /qb\.users is not one of them/],
    ["with a as (select 1) select * from b", /b is not one of them/],
    ["with a as (select * from b), b as (select 1) select * from a", /b is not one of them/],
    ["with recursive r as (select 1) select * from r", /WITH RECURSIVE/],
    ["with d as (insert into kpis default values returning id) select * from d", /may only SELECT, not INSERT/],
    ["with pg_x as (select 1) select * from pg_x", /Names starting with pg_ are reserved/],
    ["select 1 into t", /SELECT INTO/],
    ["select 1 from kpis for no key update", /FOR UPDATE and FOR SHARE/],
    ["select sum(value) over w from kpi_values window w as (order by month)", /Named windows/],
    ["select avg(value) over (order by month range between interval '1 month' preceding and current row) from kpi_values", /Only ROWS frames/],
    ["select 1 from kpi_values group by rollup (month)", /GROUPING SETS, ROLLUP and CUBE cannot be used/],
    ["select $1", /Parameters \(\$1\) cannot be used/],
    ["select array[1]", /Arrays cannot be used/],
    ["select (1, 2)", /Row values cannot be used/],
    ["select 'a' collate \"C\"", /COLLATE cannot be used/],
    ["select ctid from kpis", /The system column ctid/],
    ["select k.tableoid from kpis k", /The system column tableoid/],
    ["select a.b.c from kpis", /Name a column as column or table\.column/],
    ["select set_config('a', 'b', true)", /The function set_config\(\) cannot be used/],
    ["select public.sum(value) from kpi_values", /The function public\.sum\(\) cannot be used/],
    ["select string_agg(key, ',') from kpis", /The function string_agg\(\) cannot be used/],
    ["select sum(value order by month) from kpi_values", /ORDER BY inside an aggregate/],
    ["select percentile_cont(0.5) from kpi_values", /needs WITHIN GROUP/],
    ["select 1 ~ 'a'", /The operator ~ cannot be used/],
    ["select 'a' || 'b'", /The operator \|\| cannot be used/],
    ["select 1 = any (array[1])", /Arrays cannot be used|Comparisons with ANY/],
    ["select 1 from kpis where 1 < all (select 1)", /Only EXISTS, IN and single-value subqueries/],
    ["select 'x' similar to 'y'", /SIMILAR TO/],
    ["select 'x'::regclass", /A cast to regclass is not supported/],
    ["select 1::int[]", /Arrays cannot be used/],
    ["select interval '1' month", /Write an interval as interval '1 month'/],
    ["select '2024-01-01'::timestamptz", /A cast to timestamptz is not supported/],
    ["select current_role", /session's user, role and schema cannot/],
    ["select * from kpis tablesample system (1)", /TABLESAMPLE cannot be used/],
    ["select * from generate_series(1, 3)", /Functions in FROM/],
    ["select b'101'", /Bit strings cannot be used/],
    ["select 1 from kpis k join kpis j using (id) as x", /An alias for JOIN … USING/],
  ];
  for (const [text, reason] of table) {
    assert.throws(() => check(text), (error: unknown) => error instanceof QueryRefused && reason.test(error.message), `${text} → ${reason}`);
  }
});

test("a refusal says where, in characters even after multi-byte text", () => {
  const text = "select 'äöü', set_config('a', 'b', true)";
  try {
    check(text);
    assert.unreachable();
  } catch (error) {
    assert.ok(error instanceof QueryRefused);
    assert.is(error.position, text.indexOf("set_config"));
  }
});

test("expressions nested past the limit are refused, not a stack overflow", () => {
  const deep = `select ${"(".repeat(300)}1${")".repeat(300)}`;
  const nested = `select ${"coalesce(".repeat(250)}1${")".repeat(250)}`;
  assert.throws(() => check(nested), /nested too deeply/);
  // Plain parentheses leave no node behind: the parser folds them away.
  assert.is(check(deep).sql, "SELECT 1");
});

test.run();
