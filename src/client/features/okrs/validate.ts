import { ArrayFormatter, type Schema } from "@effect/schema";
import { Schema as S } from "@effect/schema";
import { Either } from "effect";

export type FieldErrors = Readonly<Record<string, readonly string[]>>;

/**
 * The contract's own messages for a form's values, by field, before anything is sent (the bus
 * refuses a command its schema rejects, and the person should read why next to the field). Null
 * when the values pass.
 */
export function contractErrors<A, I>(schema: Schema.Schema<A, I>, value: unknown): FieldErrors | null {
  const result = S.decodeUnknownEither(schema)(value);
  if (Either.isRight(result)) return null;
  const fields: Record<string, string[]> = {};
  for (const issue of ArrayFormatter.formatErrorSync(result.left)) {
    const field = String(issue.path[0] ?? "detail");
    fields[field] = [...(fields[field] ?? []), issue.message];
  }
  return fields;
}

/** Local messages first, then the server's, per field. */
export const mergedErrors = (local: FieldErrors, server: FieldErrors): FieldErrors => ({ ...server, ...local });
