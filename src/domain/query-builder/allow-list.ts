/**
 * What a query-builder query may use beyond the grammar of one SELECT (docs/decisions.md, "Query
 * builder"). Everything not listed is refused before the database sees the query: the lists are
 * the security boundary together with the query role's privileges, so they stay short and every
 * entry is a plain calculation that reads nothing but its arguments.
 */

/** Aggregates: a KPI is usually a sum, an average or a last value over a month. */
const AGGREGATES = [
  "count", "sum", "avg", "min", "max",
  "stddev", "stddev_samp", "stddev_pop", "variance", "var_samp", "var_pop",
  "bool_and", "bool_or", "every",
  "corr", "covar_pop", "covar_samp", "regr_slope", "regr_intercept",
  "percentile_cont", "percentile_disc",
];

/** Window functions: month-over-month changes, running totals, moving averages. */
const WINDOW_FUNCTIONS = ["row_number", "rank", "dense_rank", "percent_rank", "cume_dist", "ntile", "lag", "lead", "first_value", "last_value", "nth_value"];

const ARITHMETIC = ["abs", "round", "trunc", "ceil", "ceiling", "floor", "sign", "sqrt", "cbrt", "power", "pow", "exp", "ln", "log", "log10", "mod", "div"];

/** Dates: months are the atom (date_trunc('month', …)), extract and make_date build them. */
const DATES = ["date_trunc", "date_part", "extract", "make_date", "age", "now"];

/**
 * Text: only functions whose result is no longer than their input. With concatenation or
 * replace, a chain of CTEs could double a string at every step and fill the server's memory
 * long before any deadline; a KPI is a number, so the builder does without.
 */
const TEXT = ["lower", "upper", "length", "btrim", "ltrim", "rtrim", "substr", "substring", "left", "right"];

export const ALLOWED_FUNCTIONS: ReadonlySet<string> = new Set([...AGGREGATES, ...WINDOW_FUNCTIONS, ...ARITHMETIC, ...DATES, ...TEXT]);

/** Functions that take WITHIN GROUP (ORDER BY …). */
export const ORDERED_SET_AGGREGATES: ReadonlySet<string> = new Set(["percentile_cont", "percentile_disc"]);

/** Binary and unary operators: arithmetic and comparison. No regular expressions, no concatenation (see TEXT). */
export const ALLOWED_OPERATORS: ReadonlySet<string> = new Set(["+", "-", "*", "/", "%", "^", "=", "<>", "<", ">", "<=", ">="]);
export const ALLOWED_UNARY_OPERATORS: ReadonlySet<string> = new Set(["-", "+"]);

/** Columns every table has but a view does not: never a way in, and refused by name. */
export const SYSTEM_COLUMNS: ReadonlySet<string> = new Set(["ctid", "xmin", "xmax", "cmin", "cmax", "tableoid"]);

/** Statement kinds by their parse-tree name, in words, for the refusal of anything but a SELECT. */
export const STATEMENT_WORDS: Readonly<Record<string, string>> = {
  InsertStmt: "INSERT",
  UpdateStmt: "UPDATE",
  DeleteStmt: "DELETE",
  MergeStmt: "MERGE",
  VariableSetStmt: "SET or RESET",
  VariableShowStmt: "SHOW",
  CopyStmt: "COPY",
  PrepareStmt: "PREPARE",
  ExecuteStmt: "EXECUTE",
  DeallocateStmt: "DEALLOCATE",
  TransactionStmt: "a transaction command",
  ListenStmt: "LISTEN",
  NotifyStmt: "NOTIFY",
  UnlistenStmt: "UNLISTEN",
  DoStmt: "DO",
  CallStmt: "CALL",
  ExplainStmt: "EXPLAIN",
  CreateTableAsStmt: "CREATE TABLE AS",
  DiscardStmt: "DISCARD",
  LockStmt: "LOCK",
  VacuumStmt: "VACUUM or ANALYZE",
  DeclareCursorStmt: "DECLARE CURSOR",
  FetchStmt: "FETCH",
  ClosePortalStmt: "CLOSE",
  GrantStmt: "GRANT or REVOKE",
  GrantRoleStmt: "GRANT or REVOKE",
  LoadStmt: "LOAD",
  CheckPointStmt: "CHECKPOINT",
};

/** Expression and clause kinds that are not allowed, in words (anything unknown is refused too). */
export const NODE_WORDS: Readonly<Record<string, string>> = {
  ParamRef: "parameters ($1)",
  A_ArrayExpr: "arrays",
  A_Indirection: "subscripts and field selection",
  RowExpr: "row values",
  CollateClause: "COLLATE",
  XmlExpr: "XML functions",
  XmlSerialize: "XML functions",
  GroupingFunc: "GROUPING",
  GroupingSet: "GROUPING SETS, ROLLUP and CUBE",
  RangeFunction: "functions in FROM (such as generate_series)",
  RangeTableSample: "TABLESAMPLE",
  RangeTableFunc: "XMLTABLE",
  JsonTable: "JSON_TABLE",
  NamedArgExpr: "named arguments",
  MultiAssignRef: "multiple assignment",
  SetToDefault: "DEFAULT",
  CurrentOfExpr: "CURRENT OF",
  JsonObjectConstructor: "JSON functions",
  JsonArrayConstructor: "JSON functions",
  JsonIsPredicate: "JSON functions",
  JsonFuncExpr: "JSON functions",
  JsonParseExpr: "JSON functions",
  JsonScalarExpr: "JSON functions",
  JsonSerializeExpr: "JSON functions",
  JsonArrayQueryConstructor: "JSON functions",
  JsonArrayAgg: "JSON functions",
  JsonObjectAgg: "JSON functions",
  MergeSupportFunc: "MERGE_ACTION",
};
