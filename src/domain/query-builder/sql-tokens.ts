import { ALLOWED_FUNCTIONS } from "./allow-list";

/**
 * SQL split into tokens for the editor's highlighting: the tokens' texts put together are the
 * text itself, whatever it holds (an unfinished string or comment runs to the end). It only
 * colours; what a query means is decided by PostgreSQL's parser on the server.
 */
export type SqlTokenKind = "keyword" | "function" | "identifier" | "string" | "number" | "comment" | "operator" | "space";

export interface SqlToken {
  readonly kind: SqlTokenKind;
  readonly text: string;
}

const KEYWORDS = new Set(
  (
    "select from where group by order having limit offset with as join left right full inner outer cross on using and or not in is null " +
    "between like ilike case when then else end distinct union all intersect except over partition rows range preceding following current row " +
    "unbounded filter within asc desc nulls first last true false interval date timestamp cast exists lateral natural values recursive materialized " +
    "numeric integer bigint smallint real double precision boolean text varchar char"
  ).split(" "),
);

const PATTERNS: readonly [SqlTokenKind, RegExp][] = [
  ["space", /^\s+/],
  ["comment", /^--[^\n]*/],
  ["string", /^[eE]'(?:[^'\\]|\\[\s\S]|'')*(?:'|$)/],
  ["string", /^(?:[uU]&)?'(?:[^']|'')*(?:'|$)/],
  ["identifier", /^(?:[uU]&)?"(?:[^"]|"")*(?:"|$)/],
  ["number", /^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/],
  ["identifier", /^[A-Za-z_\u0080-\uffff][A-Za-z0-9_$\u0080-\uffff]*/],
  ["operator", /^(?:::|<=|>=|<>|!=|\|\||[-+*/%^=<>(),.;:[\]|&!~#@?])/],
];

export function sqlTokens(text: string): SqlToken[] {
  const tokens: SqlToken[] = [];
  let rest = text;
  while (rest.length > 0) {
    const token = blockComment(rest) ?? dollarQuoted(rest) ?? matched(rest);
    tokens.push(token);
    rest = rest.slice(token.text.length);
  }
  return tokens.map((token, index) => (token.kind === "identifier" ? classified(token, tokens[nextIndex(tokens, index)]) : token));
}

/** A block comment, nested as PostgreSQL nests them. */
function blockComment(rest: string): SqlToken | null {
  if (!rest.startsWith("/*")) return null;
  let depth = 0;
  for (let index = 0; index < rest.length - 1; index += 1) {
    if (rest.startsWith("/*", index)) {
      depth += 1;
      index += 1;
    } else if (rest.startsWith("*/", index)) {
      depth -= 1;
      index += 1;
      if (depth === 0) return { kind: "comment", text: rest.slice(0, index + 1) };
    }
  }
  return { kind: "comment", text: rest };
}

/** $$…$$ or $tag$…$tag$. */
function dollarQuoted(rest: string): SqlToken | null {
  const open = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(rest);
  if (!open) return null;
  const end = rest.indexOf(open[0], open[0].length);
  return { kind: "string", text: end < 0 ? rest : rest.slice(0, end + open[0].length) };
}

function matched(rest: string): SqlToken {
  for (const [kind, pattern] of PATTERNS) {
    const match = pattern.exec(rest);
    if (match && match[0].length > 0) return { kind, text: match[0] };
  }
  // A character no pattern takes (a stray $ or backslash) is a token of its own.
  return { kind: "operator", text: rest.charAt(0) };
}

const nextIndex = (tokens: readonly SqlToken[], index: number) => {
  let next = index + 1;
  while (tokens[next]?.kind === "space") next += 1;
  return next;
};

function classified(token: SqlToken, next: SqlToken | undefined): SqlToken {
  const word = token.text.toLowerCase();
  if (token.text.startsWith('"') || /^u&"/i.test(token.text)) return token;
  if (next?.text === "(" && ALLOWED_FUNCTIONS.has(word)) return { kind: "function", text: token.text };
  if (KEYWORDS.has(word)) return { kind: "keyword", text: token.text };
  return token;
}
