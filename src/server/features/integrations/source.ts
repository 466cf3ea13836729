import type { SourceTable } from "../../../domain/integrations/source-rows";

/**
 * What reading a source can end in besides a table. `refused`: this installation does not reach
 * there (not on the operator's allow-list, a private address, a malformed connection) — nothing
 * was sent. `sign-in`: the source refused the credentials ('The integration requires a new sign
 * in.'). `read`: anything else on the way (unreachable, the query failed, too slow, too big).
 * `field` is the input the message is about. Messages never carry the secret (see `scrub`).
 */
export class SourceError extends Error {
  constructor(
    readonly kind: "refused" | "sign-in" | "read",
    readonly field: "connection" | "query",
    message: string,
  ) {
    super(message);
  }
}

export interface SourceResult extends SourceTable {
  /** More rows came than the row cap: the rest were not read. */
  readonly truncated: boolean;
}

/** How much a read may take: time, rows and bytes received. */
export interface SourceLimits {
  readonly connectTimeoutMs: number;
  readonly timeoutMs: number;
  readonly maxRows: number;
  readonly maxBytes: number;
}

export const SOURCE_LIMITS: SourceLimits = { connectTimeoutMs: 10_000, timeoutMs: 20_000, maxRows: 10_000, maxBytes: 8 * 1024 * 1024 };

/** Rows a preview reads: enough to judge the mapping, little enough to answer at once. */
export const PREVIEW_ROWS = 200;

/**
 * A message with every secret part replaced: a driver's or a server's error text may quote what it
 * was given (a URL with its token, a user name next to a password).
 */
export function scrub(message: string, secrets: readonly string[]): string {
  let text = message;
  for (const secret of secrets.filter((part) => part.length >= 3).sort((a, b) => b.length - a.length)) text = text.split(secret).join("•••");
  return text.slice(0, 500);
}

/** A size for messages: "8 MB", "49 KB". */
export const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.floor(bytes / 1024 / 1024)} MB` : `${Math.floor(bytes / 1024)} KB`);
