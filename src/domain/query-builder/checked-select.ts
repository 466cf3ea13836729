import { ALLOWED_FUNCTIONS, ALLOWED_OPERATORS, ALLOWED_UNARY_OPERATORS, NODE_WORDS, ORDERED_SET_AGGREGATES, STATEMENT_WORDS, SYSTEM_COLUMNS } from "./allow-list";
import { castType } from "./cast-types";

/**
 * Checks a query-builder query's parse tree (PostgreSQL's own parser, libpg-query) and writes the
 * SQL that will run from the checked tree alone (docs/decisions.md, "Query builder").
 *
 * The printer IS the allow-list: it knows how to write exactly the node kinds a KPI query needs,
 * and any other kind refuses the whole query. So nothing of the user's text reaches the
 * database: comments, quoting tricks ($$, E'', U&""), a second statement hidden anywhere,
 * a locking clause or an INTO are either gone after parsing or refused here. Every name is
 * written quoted, every relation qualified (`"qb"."kpis"`, or a CTE's name), every function as
 * `pg_catalog."name"`, every expression in parentheses, every literal freshly quoted.
 */
export interface CheckedQuery {
  /** The SQL to run: one SELECT, written from the checked tree. */
  readonly sql: string;
  /** The qb views it reads. */
  readonly views: readonly string[];
}

/** A query the builder does not run, with where (a character offset into the text) when known. */
export class QueryRefused extends Error {
  constructor(
    message: string,
    readonly position: number | null = null,
  ) {
    super(message);
  }
}

/** The part of libpg-query's ParseResult this reads. */
export interface ParsedStatements {
  readonly stmts?: readonly { readonly stmt?: unknown }[];
}

/** How deep expressions may nest: far beyond any real query, short of any stack limit. */
const MAX_DEPTH = 200;

/**
 * The checked SQL of the one SELECT in `parsed`, reading only the views named in `views`.
 * `text` is the query as written (for positions in messages). Throws QueryRefused.
 */
export function checkedSelect(parsed: ParsedStatements, text: string, views: ReadonlySet<string>): CheckedQuery {
  const statements = parsed.stmts ?? [];
  if (statements.length === 0) throw new QueryRefused("The query is empty: write one SELECT.");
  if (statements.length > 1) throw new QueryRefused("Write one statement only: a single SELECT, without a second statement after a semicolon.");
  const statement = node(statements[0]!.stmt);
  const printer = new Printer(text, views);
  if (statement.kind !== "SelectStmt") {
    const words = STATEMENT_WORDS[statement.kind] ?? statement.kind.replace(/Stmt$/, "").toUpperCase();
    throw new QueryRefused(`Only a SELECT can run here, not ${words}.`, printer.position(statement.body));
  }
  const sql = printer.select(statement.body, [], 0);
  return { sql, views: [...printer.viewsRead].sort() };
}

// ── the tree ────────────────────────────────────────────────────────────────

type Fields = Record<string, unknown>;
interface Node {
  readonly kind: string;
  readonly body: Fields;
}

/** A parse-tree node: an object with one key, its kind. */
function node(value: unknown): Node {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new QueryRefused("The query could not be read.");
  const keys = Object.keys(value);
  if (keys.length !== 1) throw new QueryRefused("The query could not be read.");
  const kind = keys[0]!;
  const body = (value as Fields)[kind];
  return { kind, body: typeof body === "object" && body !== null ? (body as Fields) : {} };
}

/** A field that holds a node's body directly (withClause, larg, typeName, over, alias), not wrapped in its kind. */
function struct(value: unknown): Fields {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new QueryRefused("The query could not be read.");
  return value as Fields;
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const text = (value: unknown): string => (typeof value === "string" ? value : "");
/** A list of String nodes (names): their texts. */
const names = (value: unknown): string[] =>
  list(value).map((item) => {
    const name = node(item);
    if (name.kind !== "String") throw new QueryRefused("The query could not be read.");
    return text(name.body["sval"]);
  });

const quoteName = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** A string literal that means the same whatever standard_conforming_strings says. */
function quoteText(value: string): string {
  const doubled = value.replaceAll("'", "''");
  return value.includes("\\") ? `E'${doubled.replaceAll("\\", "\\\\")}'` : `'${doubled}'`;
}

const NUMBER = /^(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** Which CTE names are visible at a point of the query, innermost last. */
type Scope = readonly ReadonlySet<string>[];

class Printer {
  readonly viewsRead = new Set<string>();
  private readonly bytes: Uint8Array;

  constructor(
    source: string,
    private readonly views: ReadonlySet<string>,
  ) {
    this.bytes = new TextEncoder().encode(source);
  }

  /** A node's location (a byte offset) as a character offset into the text. */
  position(body: Fields): number | null {
    const location = body["location"];
    if (typeof location !== "number" || location < 0 || location > this.bytes.length) return null;
    return new TextDecoder().decode(this.bytes.subarray(0, location)).length;
  }

  private refuse(message: string, body: Fields = {}): never {
    throw new QueryRefused(message, this.position(body));
  }

  private notAllowed(kind: string, body: Fields): never {
    const words = NODE_WORDS[kind];
    this.refuse(words ? `${capitalized(words)} cannot be used in the query builder.` : `This part of the query (${kind}) cannot be used in the query builder.`, body);
  }

  // ── SELECT ────────────────────────────────────────────────────────────────

  select(select: Fields, outer: Scope, depth: number): string {
    this.deep(depth, select);
    if (select["intoClause"]) this.refuse("SELECT INTO creates a table; the query builder only reads.", select);
    if (list(select["lockingClause"]).length) this.refuse("FOR UPDATE and FOR SHARE lock rows; the query builder only reads.", select);
    if (select["windowClause"] && list(select["windowClause"]).length) this.refuse("Named windows (WINDOW …) are not supported; write the window in OVER (…).", select);
    if (select["groupDistinct"]) this.refuse("GROUP BY DISTINCT is not supported.", select);
    if (select["limitOption"] === "LIMIT_OPTION_WITH_TIES") this.refuse("FETCH … WITH TIES is not supported.", select);

    const parts: string[] = [];
    let scope = outer;
    if (select["withClause"]) {
      const printed = this.with(struct(select["withClause"]), outer, depth + 1);
      parts.push(printed.sql);
      scope = printed.scope;
    }

    const op = text(select["op"]) || "SETOP_NONE";
    if (op !== "SETOP_NONE") {
      const word = { SETOP_UNION: "UNION", SETOP_INTERSECT: "INTERSECT", SETOP_EXCEPT: "EXCEPT" }[op];
      if (!word) this.refuse("This set operation is not supported.", select);
      const left = this.select(struct(select["larg"]), scope, depth + 1);
      const right = this.select(struct(select["rarg"]), scope, depth + 1);
      parts.push(`(${left}) ${word}${select["all"] ? " ALL" : ""} (${right})`);
    } else if (list(select["valuesLists"]).length) {
      const rows = list(select["valuesLists"]).map((row) => `(${this.items(node(row).body["items"], scope, depth)})`);
      parts.push(`VALUES ${rows.join(", ")}`);
    } else {
      parts.push(this.selectBody(select, scope, depth));
    }

    const order = list(select["sortClause"]);
    if (order.length) parts.push(`ORDER BY ${order.map((item) => this.sortBy(item, scope, depth)).join(", ")}`);
    if (select["limitCount"]) parts.push(`LIMIT ${this.expression(select["limitCount"], scope, depth + 1)}`);
    if (select["limitOffset"]) parts.push(`OFFSET ${this.expression(select["limitOffset"], scope, depth + 1)}`);
    return parts.join(" ");
  }

  private selectBody(select: Fields, scope: Scope, depth: number): string {
    const parts = ["SELECT"];
    const distinct = select["distinctClause"];
    if (Array.isArray(distinct)) {
      // DISTINCT is a list holding one empty node; DISTINCT ON (…) lists its expressions.
      const on = distinct.filter((item) => item && Object.keys(item as object).length > 0);
      parts.push(on.length ? `DISTINCT ON (${on.map((item) => this.expression(item, scope, depth + 1)).join(", ")})` : "DISTINCT");
    }
    const targets = list(select["targetList"]);
    if (targets.length === 0) this.refuse("Name at least one column to select.", select);
    parts.push(targets.map((target) => this.target(target, scope, depth)).join(", "));
    const from = list(select["fromClause"]);
    if (from.length) parts.push(`FROM ${from.map((item) => this.fromItem(item, scope, depth + 1)).join(", ")}`);
    if (select["whereClause"]) parts.push(`WHERE ${this.expression(select["whereClause"], scope, depth + 1)}`);
    const groups = list(select["groupClause"]);
    if (groups.length) parts.push(`GROUP BY ${groups.map((item) => this.expression(item, scope, depth + 1)).join(", ")}`);
    if (select["havingClause"]) parts.push(`HAVING ${this.expression(select["havingClause"], scope, depth + 1)}`);
    return parts.join(" ");
  }

  /** WITH: only non-recursive, only SELECTs; each CTE sees the ones before it. */
  private with(clause: Fields, outer: Scope, depth: number): { sql: string; scope: Scope } {
    if (clause["recursive"]) this.refuse("WITH RECURSIVE is not supported: a recursive query can run without end.", clause);
    const visible = new Set<string>();
    const printed: string[] = [];
    for (const item of list(clause["ctes"])) {
      const cte = node(item);
      if (cte.kind !== "CommonTableExpr") this.notAllowed(cte.kind, cte.body);
      const name = text(cte.body["ctename"]);
      this.checkOwnName(name, cte.body);
      if (cte.body["search_clause"] || cte.body["cycle_clause"]) this.refuse("SEARCH and CYCLE belong to recursive queries, which are not supported.", cte.body);
      const query = node(cte.body["ctequery"]);
      if (query.kind !== "SelectStmt") {
        this.refuse(`A WITH query may only SELECT, not ${STATEMENT_WORDS[query.kind] ?? query.kind}.`, cte.body);
      }
      const body = this.select(query.body, [...outer, new Set(visible)], depth + 1);
      const columns = names(cte.body["aliascolnames"]);
      const materialized = { CTEMaterializeAlways: " MATERIALIZED", CTEMaterializeNever: " NOT MATERIALIZED" }[text(cte.body["ctematerialized"])] ?? "";
      printed.push(`${quoteName(name)}${columns.length ? `(${columns.map(quoteName).join(", ")})` : ""} AS${materialized} (${body})`);
      visible.add(name);
    }
    return { sql: `WITH ${printed.join(", ")}`, scope: [...outer, visible] };
  }

  /**
   * A name the query gives (a CTE): never one that starts with pg_. An unqualified relation that
   * is not a CTE would be looked up in pg_catalog, whose relations all start with pg_; so even a
   * slip in telling CTEs from views could not name a catalogue table.
   */
  private checkOwnName(name: string, body: Fields) {
    if (!name) this.refuse("The query could not be read.", body);
    if (name.toLowerCase().startsWith("pg_")) this.refuse(`Names starting with pg_ are reserved; rename "${name}".`, body);
  }

  private target(item: unknown, scope: Scope, depth: number): string {
    const target = node(item);
    if (target.kind !== "ResTarget") this.notAllowed(target.kind, target.body);
    const value = this.expression(target.body["val"], scope, depth + 1);
    const name = text(target.body["name"]);
    return name ? `${value} AS ${quoteName(name)}` : value;
  }

  private sortBy(item: unknown, scope: Scope, depth: number): string {
    const sort = node(item);
    if (sort.kind !== "SortBy") this.notAllowed(sort.kind, sort.body);
    const direction = { SORTBY_DEFAULT: "", SORTBY_ASC: " ASC", SORTBY_DESC: " DESC" }[text(sort.body["sortby_dir"]) || "SORTBY_DEFAULT"];
    if (direction === undefined) this.refuse("ORDER BY … USING is not supported.", sort.body);
    const nulls = { SORTBY_NULLS_DEFAULT: "", SORTBY_NULLS_FIRST: " NULLS FIRST", SORTBY_NULLS_LAST: " NULLS LAST" }[text(sort.body["sortby_nulls"]) || "SORTBY_NULLS_DEFAULT"] ?? "";
    return `${this.expression(sort.body["node"], scope, depth + 1)}${direction}${nulls}`;
  }

  // ── FROM ──────────────────────────────────────────────────────────────────

  private fromItem(item: unknown, scope: Scope, depth: number): string {
    this.deep(depth, {});
    const from = node(item);
    switch (from.kind) {
      case "RangeVar":
        return this.relation(from.body, scope);
      case "RangeSubselect": {
        const subquery = node(from.body["subquery"]);
        if (subquery.kind !== "SelectStmt") this.notAllowed(subquery.kind, subquery.body);
        return `${from.body["lateral"] ? "LATERAL " : ""}(${this.select(subquery.body, scope, depth + 1)})${this.alias(from.body["alias"])}`;
      }
      case "JoinExpr":
        return this.join(from.body, scope, depth);
      default:
        return this.notAllowed(from.kind, from.body);
    }
  }

  /** A relation: a CTE in scope, or a view of the qb schema, and nothing else. */
  private relation(range: Fields, scope: Scope): string {
    const name = text(range["relname"]);
    const schema = text(range["schemaname"]);
    const written = [text(range["catalogname"]), schema, name].filter(Boolean).join(".");
    if (range["catalogname"]) this.refuse(`Only the views of the qb schema can be read; ${written} is not one of them.`, range);
    if (!schema && scope.some((names) => names.has(name))) return `${quoteName(name)}${this.alias(range["alias"])}`;
    if ((schema === "" || schema === "qb") && this.views.has(name)) {
      this.viewsRead.add(name);
      return `"qb".${quoteName(name)}${this.alias(range["alias"])}`;
    }
    return this.refuse(`Only the views of the qb schema can be read; ${written} is not one of them.`, range);
  }

  private alias(value: unknown): string {
    if (!value) return "";
    const alias = struct(value);
    const name = text(alias["aliasname"]);
    const columns = names(alias["colnames"]);
    return ` AS ${quoteName(name)}${columns.length ? `(${columns.map(quoteName).join(", ")})` : ""}`;
  }

  private join(join: Fields, scope: Scope, depth: number): string {
    if (join["join_using_alias"]) this.refuse("An alias for JOIN … USING is not supported.", join);
    const type = { JOIN_INNER: "JOIN", JOIN_LEFT: "LEFT JOIN", JOIN_RIGHT: "RIGHT JOIN", JOIN_FULL: "FULL JOIN" }[text(join["jointype"]) || "JOIN_INNER"];
    if (!type) this.refuse("This kind of join is not supported.", join);
    const left = this.fromItem(join["larg"], scope, depth + 1);
    const right = this.fromItem(join["rarg"], scope, depth + 1);
    const using = names(join["usingClause"]);
    let condition = "";
    if (join["isNatural"]) {
      condition = "";
    } else if (using.length) {
      condition = ` USING (${using.map(quoteName).join(", ")})`;
    } else if (join["quals"]) {
      condition = ` ON ${this.expression(join["quals"], scope, depth + 1)}`;
    }
    const keyword = join["isNatural"] ? `NATURAL ${type}` : !condition && type === "JOIN" ? "CROSS JOIN" : type;
    return `(${left} ${keyword} ${right}${condition})${this.alias(join["alias"])}`;
  }

  // ── expressions ───────────────────────────────────────────────────────────

  private items(value: unknown, scope: Scope, depth: number): string {
    return list(value).map((item) => this.expression(item, scope, depth + 1)).join(", ");
  }

  expression(value: unknown, scope: Scope, depth: number): string {
    const expression = node(value);
    const body = expression.body;
    this.deep(depth, body);
    const next = depth + 1;
    switch (expression.kind) {
      case "ColumnRef":
        return this.column(body);
      case "A_Const":
        return this.constant(body);
      case "TypeCast":
        return `CAST(${this.expression(body["arg"], scope, next)} AS ${castType(struct(body["typeName"]), (message) => this.refuse(message, body))})`;
      case "A_Expr":
        return this.operator(body, scope, next);
      case "BoolExpr": {
        const args = list(body["args"]).map((arg) => this.expression(arg, scope, next));
        const op = text(body["boolop"]);
        if (op === "NOT_EXPR") return `(NOT ${args[0]})`;
        if (op === "AND_EXPR" || op === "OR_EXPR") return `(${args.join(op === "AND_EXPR" ? " AND " : " OR ")})`;
        return this.refuse("This boolean expression is not supported.", body);
      }
      case "NullTest":
        return `(${this.expression(body["arg"], scope, next)} ${text(body["nulltesttype"]) === "IS_NOT_NULL" ? "IS NOT NULL" : "IS NULL"})`;
      case "BooleanTest": {
        const test = { IS_TRUE: "IS TRUE", IS_NOT_TRUE: "IS NOT TRUE", IS_FALSE: "IS FALSE", IS_NOT_FALSE: "IS NOT FALSE", IS_UNKNOWN: "IS UNKNOWN", IS_NOT_UNKNOWN: "IS NOT UNKNOWN" }[text(body["booltesttype"])];
        if (!test) this.refuse("This test is not supported.", body);
        return `(${this.expression(body["arg"], scope, next)} ${test})`;
      }
      case "CaseExpr": {
        const subject = body["arg"] ? ` ${this.expression(body["arg"], scope, next)}` : "";
        const whens = list(body["args"]).map((item) => {
          const when = node(item);
          if (when.kind !== "CaseWhen") this.notAllowed(when.kind, when.body);
          return ` WHEN ${this.expression(when.body["expr"], scope, next)} THEN ${this.expression(when.body["result"], scope, next)}`;
        });
        const otherwise = body["defresult"] ? ` ELSE ${this.expression(body["defresult"], scope, next)}` : "";
        return `(CASE${subject}${whens.join("")}${otherwise} END)`;
      }
      case "CoalesceExpr":
        return `COALESCE(${this.items(body["args"], scope, next)})`;
      case "MinMaxExpr": {
        const op = { IS_GREATEST: "GREATEST", IS_LEAST: "LEAST" }[text(body["op"])];
        if (!op) this.refuse("This expression is not supported.", body);
        return `${op}(${this.items(body["args"], scope, next)})`;
      }
      case "FuncCall":
        return this.call(body, scope, next);
      case "SubLink":
        return this.subquery(body, scope, next);
      case "SQLValueFunction": {
        const word = { SVFOP_CURRENT_DATE: "CURRENT_DATE", SVFOP_CURRENT_TIMESTAMP: "CURRENT_TIMESTAMP", SVFOP_LOCALTIMESTAMP: "LOCALTIMESTAMP" }[text(body["op"])];
        if (!word) this.refuse("Only CURRENT_DATE, CURRENT_TIMESTAMP and LOCALTIMESTAMP can be used; the session's user, role and schema cannot.", body);
        return word;
      }
      default:
        return this.notAllowed(expression.kind, body);
    }
  }

  private column(body: Fields): string {
    const parts = list(body["fields"]).map((field) => {
      const part = node(field);
      if (part.kind === "A_Star") return "*";
      if (part.kind !== "String") this.notAllowed(part.kind, part.body);
      return text(part.body["sval"]);
    });
    if (parts.length === 0 || parts.length > 2) this.refuse("Name a column as column or table.column.", body);
    const column = parts[parts.length - 1]!;
    if (SYSTEM_COLUMNS.has(column)) this.refuse(`The system column ${column} cannot be read.`, body);
    if (parts.slice(0, -1).includes("*")) this.refuse("Name a column as column or table.column.", body);
    return parts.map((part) => (part === "*" ? "*" : quoteName(part))).join(".");
  }

  private constant(body: Fields): string {
    if (body["isnull"]) return "NULL";
    if ("ival" in body) {
      const value = (body["ival"] as Fields)["ival"] ?? 0;
      if (typeof value !== "number" || !Number.isSafeInteger(value)) this.refuse("This number cannot be read.", body);
      return value < 0 ? `(${value})` : String(value);
    }
    if ("fval" in body) {
      const written = text((body["fval"] as Fields)["fval"]);
      const negative = written.startsWith("-");
      const digits = negative ? written.slice(1) : written;
      if (!NUMBER.test(digits)) this.refuse("This number cannot be read.", body);
      return negative ? `(-${digits})` : digits;
    }
    if ("sval" in body) return quoteText(text((body["sval"] as Fields)["sval"]));
    if ("boolval" in body) return (body["boolval"] as Fields)["boolval"] === true ? "TRUE" : "FALSE";
    return this.refuse("Bit strings cannot be used in the query builder.", body);
  }

  private operator(body: Fields, scope: Scope, depth: number): string {
    const kind = text(body["kind"]);
    const name = names(body["name"]);
    const left = () => this.expression(body["lexpr"], scope, depth);
    const rightList = () => {
      const items = node(body["rexpr"]);
      if (items.kind !== "List") this.refuse("This expression is not supported.", body);
      return list(items.body["items"]).map((item) => this.expression(item, scope, depth));
    };
    switch (kind) {
      case "AEXPR_OP": {
        if (name.length !== 1) this.refuse("Write operators without a schema (OPERATOR(…) is not supported).", body);
        const op = name[0]!;
        if (!body["lexpr"]) {
          if (!ALLOWED_UNARY_OPERATORS.has(op)) this.refuse(`The operator ${op} cannot be used in the query builder.`, body);
          return `(${op} ${this.expression(body["rexpr"], scope, depth)})`;
        }
        if (!ALLOWED_OPERATORS.has(op)) this.refuse(`The operator ${op} cannot be used in the query builder.`, body);
        return `(${left()} ${op} ${this.expression(body["rexpr"], scope, depth)})`;
      }
      case "AEXPR_DISTINCT":
        return `(${left()} IS DISTINCT FROM ${this.expression(body["rexpr"], scope, depth)})`;
      case "AEXPR_NOT_DISTINCT":
        return `(${left()} IS NOT DISTINCT FROM ${this.expression(body["rexpr"], scope, depth)})`;
      case "AEXPR_NULLIF":
        return `NULLIF(${left()}, ${this.expression(body["rexpr"], scope, depth)})`;
      case "AEXPR_IN":
        return `(${left()} ${name[0] === "<>" ? "NOT IN" : "IN"} (${rightList().join(", ")}))`;
      case "AEXPR_LIKE":
      case "AEXPR_ILIKE": {
        const negated = name[0]?.startsWith("!") ?? false;
        const word = `${negated ? "NOT " : ""}${kind === "AEXPR_LIKE" ? "LIKE" : "ILIKE"}`;
        return `(${left()} ${word} ${this.expression(body["rexpr"], scope, depth)})`;
      }
      case "AEXPR_BETWEEN":
      case "AEXPR_NOT_BETWEEN":
      case "AEXPR_BETWEEN_SYM":
      case "AEXPR_NOT_BETWEEN_SYM": {
        const word = { AEXPR_BETWEEN: "BETWEEN", AEXPR_NOT_BETWEEN: "NOT BETWEEN", AEXPR_BETWEEN_SYM: "BETWEEN SYMMETRIC", AEXPR_NOT_BETWEEN_SYM: "NOT BETWEEN SYMMETRIC" }[kind];
        const [low, high] = rightList();
        if (low === undefined || high === undefined) this.refuse("BETWEEN needs two bounds.", body);
        return `(${left()} ${word} ${low} AND ${high})`;
      }
      case "AEXPR_SIMILAR":
        return this.refuse("SIMILAR TO is not supported; use LIKE.", body);
      default:
        return this.refuse("Comparisons with ANY, ALL or arrays are not supported; use IN (…).", body);
    }
  }

  private call(call: Fields, scope: Scope, depth: number): string {
    const written = names(call["funcname"]);
    const name = written[written.length - 1] ?? "";
    const qualified = written.length === 2 && written[0] === "pg_catalog";
    if (written.length > 2 || (written.length === 2 && !qualified) || !ALLOWED_FUNCTIONS.has(name)) {
      this.refuse(`The function ${written.join(".")}() cannot be used in the query builder.`, call);
    }
    if (call["func_variadic"]) this.refuse("VARIADIC is not supported.", call);
    let args = call["agg_star"] ? "*" : this.items(call["args"], scope, depth);
    if (call["agg_distinct"]) args = `DISTINCT ${args}`;
    let sql = `pg_catalog.${quoteName(name)}(${args})`;
    const order = list(call["agg_order"]);
    if (call["agg_within_group"]) {
      if (!ORDERED_SET_AGGREGATES.has(name)) this.refuse(`${name}() takes no WITHIN GROUP.`, call);
      sql = `${sql} WITHIN GROUP (ORDER BY ${order.map((item) => this.sortBy(item, scope, depth)).join(", ")})`;
    } else if (order.length) {
      this.refuse("ORDER BY inside an aggregate's parentheses is not supported.", call);
    } else if (ORDERED_SET_AGGREGATES.has(name)) {
      this.refuse(`${name}() needs WITHIN GROUP (ORDER BY …).`, call);
    }
    if (call["agg_filter"]) sql = `${sql} FILTER (WHERE ${this.expression(call["agg_filter"], scope, depth)})`;
    if (call["over"]) sql = `${sql} OVER (${this.window(struct(call["over"]), scope, depth)})`;
    return sql;
  }

  private window(window: Fields, scope: Scope, depth: number): string {
    if (window["name"] || window["refname"]) this.refuse("Named windows are not supported; write the window in OVER (…).", window);
    const parts: string[] = [];
    const partition = list(window["partitionClause"]);
    if (partition.length) parts.push(`PARTITION BY ${partition.map((item) => this.expression(item, scope, depth)).join(", ")}`);
    const order = list(window["orderClause"]);
    if (order.length) parts.push(`ORDER BY ${order.map((item) => this.sortBy(item, scope, depth)).join(", ")}`);
    const frame = this.frame(window);
    if (frame) parts.push(frame);
    return parts.join(" ");
  }

  /** The default frame, or ROWS BETWEEN … (a moving average over the last months). */
  private frame(window: Fields): string {
    const options = typeof window["frameOptions"] === "number" ? window["frameOptions"] : FRAME.DEFAULTS;
    if (options === FRAME.DEFAULTS) return "";
    const known = FRAME.NONDEFAULT | FRAME.ROWS | FRAME.BETWEEN | FRAME.START_UNBOUNDED_PRECEDING | FRAME.START_CURRENT_ROW | FRAME.START_OFFSET_PRECEDING | FRAME.START_OFFSET_FOLLOWING | FRAME.END_UNBOUNDED_FOLLOWING | FRAME.END_CURRENT_ROW | FRAME.END_OFFSET_PRECEDING | FRAME.END_OFFSET_FOLLOWING;
    if (!(options & FRAME.ROWS) || options & ~known) this.refuse("Only ROWS frames are supported in a window (ROWS BETWEEN 2 PRECEDING AND CURRENT ROW).", window);
    const offset = (key: string) => {
      const value = node(window[key]);
      if (value.kind !== "A_Const" || !("ival" in value.body)) this.refuse("A frame's offset must be a whole number.", window);
      return this.constant(value.body);
    };
    const start =
      options & FRAME.START_UNBOUNDED_PRECEDING ? "UNBOUNDED PRECEDING"
      : options & FRAME.START_CURRENT_ROW ? "CURRENT ROW"
      : options & FRAME.START_OFFSET_PRECEDING ? `${offset("startOffset")} PRECEDING`
      : options & FRAME.START_OFFSET_FOLLOWING ? `${offset("startOffset")} FOLLOWING`
      : this.refuse("This window frame is not supported.", window);
    if (!(options & FRAME.BETWEEN)) return `ROWS ${start}`;
    const end =
      options & FRAME.END_UNBOUNDED_FOLLOWING ? "UNBOUNDED FOLLOWING"
      : options & FRAME.END_CURRENT_ROW ? "CURRENT ROW"
      : options & FRAME.END_OFFSET_PRECEDING ? `${offset("endOffset")} PRECEDING`
      : options & FRAME.END_OFFSET_FOLLOWING ? `${offset("endOffset")} FOLLOWING`
      : this.refuse("This window frame is not supported.", window);
    return `ROWS BETWEEN ${start} AND ${end}`;
  }

  private subquery(link: Fields, scope: Scope, depth: number): string {
    const subselect = node(link["subselect"]);
    if (subselect.kind !== "SelectStmt") this.notAllowed(subselect.kind, subselect.body);
    const inner = this.select(subselect.body, scope, depth + 1);
    switch (text(link["subLinkType"])) {
      case "EXISTS_SUBLINK":
        return `(EXISTS (${inner}))`;
      case "EXPR_SUBLINK":
        return `(${inner})`;
      case "ANY_SUBLINK": {
        const operator = names(link["operName"]);
        if (operator.length > 0 && (operator.length !== 1 || operator[0] !== "=")) this.refuse("Only IN (SELECT …) is supported, not other comparisons with ANY.", link);
        return `(${this.expression(link["testexpr"], scope, depth)} IN (${inner}))`;
      }
      default:
        return this.refuse("Only EXISTS, IN and single-value subqueries are supported.", link);
    }
  }

  private deep(depth: number, body: Fields) {
    if (depth > MAX_DEPTH) this.refuse("The query is nested too deeply.", body);
  }
}

/** PostgreSQL's window frame option bits (nodes/parsenodes.h). */
const FRAME = {
  NONDEFAULT: 0x1,
  RANGE: 0x2,
  ROWS: 0x4,
  BETWEEN: 0x10,
  START_UNBOUNDED_PRECEDING: 0x20,
  END_UNBOUNDED_FOLLOWING: 0x100,
  START_CURRENT_ROW: 0x200,
  END_CURRENT_ROW: 0x400,
  START_OFFSET_PRECEDING: 0x800,
  END_OFFSET_PRECEDING: 0x1000,
  START_OFFSET_FOLLOWING: 0x2000,
  END_OFFSET_FOLLOWING: 0x4000,
  DEFAULTS: 0x2 | 0x20 | 0x400,
} as const;

const capitalized = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);
