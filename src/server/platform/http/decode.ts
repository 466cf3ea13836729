import { ArrayFormatter, Schema } from "@effect/schema";
import { Either } from "effect";
import { badRequest } from "./errors";

/**
 * Decodes request input with its contract schema. A failure becomes a 400 with the messages
 * grouped by field path, the error shape the client shows as 'field: messages'.
 */
export function decodeInput<A, I>(schema: Schema.Schema<A, I>, input: unknown): A {
  const result = Schema.decodeUnknownEither(schema, { errors: "all", onExcessProperty: "ignore" })(input);
  if (Either.isRight(result)) return result.right;
  const fields: Record<string, string[]> = {};
  for (const issue of ArrayFormatter.formatErrorSync(result.left)) {
    const field = issue.path.map(String).join(".") || "non_field_errors";
    (fields[field] ??= []).push(issue.message);
  }
  // An optional field that fails also reports its "undefined" alternative; that says nothing.
  for (const [field, messages] of Object.entries(fields)) {
    const useful = messages.filter((message) => !/^Expected undefined, actual /.test(message));
    if (useful.length > 0) fields[field] = useful;
  }
  throw badRequest(fields);
}
