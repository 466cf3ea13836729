/** The longest message about a query the API answers. */
const MAX_MESSAGE = 300;
/** The most of a query's own text a message quotes. */
const MAX_QUOTE = 80;

/**
 * A message about a query (the parser's, the database's, ours), short: what it quotes of the
 * query ("syntax error at or near "…"", "invalid input syntax for type integer: "…"") is cut to
 * 80 characters, and the whole to 300, so no answer echoes a large query back.
 */
export function shortMessage(message: string): string {
  const quotesCut = message.replace(/"((?:[^"\\]|\\.|"")*)"/g, (whole, inner: string) => (inner.length > MAX_QUOTE ? `"${inner.slice(0, MAX_QUOTE - 1)}…"` : whole));
  const oneLine = quotesCut.replace(/[\u0000-\u001f\u007f]+/g, " ");
  return oneLine.length > MAX_MESSAGE ? `${oneLine.slice(0, MAX_MESSAGE - 1)}…` : oneLine;
}
