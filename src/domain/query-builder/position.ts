/** Line and column (both from 1) of a character offset into a query's text. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split("\n");
  return { line: lines.length, column: lines[lines.length - 1]!.length + 1 };
}

/** " (line 2, column 7)" for messages, or nothing when the place is unknown. */
export function placeIn(text: string, offset: number | null): string {
  if (offset === null) return "";
  const { line, column } = lineAndColumn(text, offset);
  return ` (line ${line}, column ${column})`;
}
