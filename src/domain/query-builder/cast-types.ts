/**
 * The types a query may cast to, by the catalogue name the parser gives them (`integer` parses
 * to pg_catalog.int4, `::int4` to int4), each with how the checked SQL writes it: SQL keywords
 * where there is one (they always mean the catalogue's type), `pg_catalog.<name>` otherwise, so
 * no schema can put a type of its own in the way. No reg* types (a cast to regclass looks names
 * up in the catalogue), no oid, xml, json or arrays, and no time zones (a result must not
 * depend on the session's time zone).
 */
const CAST_TYPES: ReadonlyMap<string, { readonly sql: string; readonly modifiers: number }> = new Map([
  ["int2", { sql: "smallint", modifiers: 0 }],
  ["int4", { sql: "integer", modifiers: 0 }],
  ["int8", { sql: "bigint", modifiers: 0 }],
  ["numeric", { sql: "numeric", modifiers: 2 }],
  ["float4", { sql: "real", modifiers: 0 }],
  ["float8", { sql: "double precision", modifiers: 0 }],
  ["bool", { sql: "boolean", modifiers: 0 }],
  ["text", { sql: "pg_catalog.text", modifiers: 0 }],
  ["varchar", { sql: "varchar", modifiers: 1 }],
  ["bpchar", { sql: "char", modifiers: 1 }],
  ["date", { sql: "pg_catalog.date", modifiers: 0 }],
  ["timestamp", { sql: "timestamp", modifiers: 1 }],
  ["interval", { sql: "interval", modifiers: 0 }],
]);

type Fields = Record<string, unknown>;

/** The SQL of a cast's type (a TypeName node's body), or `refuse` with the reason. */
export function castType(typeName: Fields, refuse: (message: string) => never): string {
  const names = (Array.isArray(typeName["names"]) ? typeName["names"] : []).map((item) => (item as { String?: { sval?: unknown } })?.String?.sval);
  const written = names.filter((name): name is string => typeof name === "string");
  const name = written[written.length - 1] ?? "";
  const type = CAST_TYPES.get(name);
  if (written.length !== names.length || written.length > 2 || (written.length === 2 && written[0] !== "pg_catalog") || !type) {
    return refuse(`A cast to ${written.join(".") || "this type"} is not supported; cast to a number, text, date, timestamp, interval or boolean.`);
  }
  if (Array.isArray(typeName["arrayBounds"]) && typeName["arrayBounds"].length) return refuse("Arrays cannot be used in the query builder.");
  if (typeName["setof"] || typeName["pct_type"]) return refuse(`A cast to ${name} is not supported.`);
  const modifiers = (Array.isArray(typeName["typmods"]) ? typeName["typmods"] : []).map((item) => {
    const value = (item as { A_Const?: { ival?: { ival?: unknown } } })?.A_Const?.ival;
    const number = value ? (value.ival ?? 0) : null;
    return typeof number === "number" && Number.isSafeInteger(number) && number >= 0 && number <= 10_000 ? number : null;
  });
  if (modifiers.length > type.modifiers || modifiers.some((modifier) => modifier === null)) {
    return refuse(name === "interval" ? "Write an interval as interval '1 month'." : `The type ${type.sql} takes ${type.modifiers === 0 ? "no" : `at most ${type.modifiers}`} modifier${type.modifiers === 1 ? "" : "s"} here.`);
  }
  return modifiers.length ? `${type.sql}(${modifiers.join(", ")})` : type.sql;
}
