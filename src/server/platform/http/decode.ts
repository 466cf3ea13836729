import { ArrayFormatter, Schema } from "@effect/schema";
import { Either } from "effect";
import { badRequest } from "./errors";

/**
 * Decodes request input with its contract schema. A failure becomes a 400 with the messages
 * grouped by field path, the error shape the client shows as 'field: messages'.
 */
const UNDEFINED_ALTERNATIVE = /^Expected undefined, actual /;

export function decodeInput<A, I>(schema: Schema.Schema<A, I>, input: unknown): A {
  const result = Schema.decodeUnknownEither(schema, { errors: "all", onExcessProperty: "ignore" })(input);
  if (Either.isRight(result)) return result.right;
  const fields: Record<string, string[]> = {};
  for (const issue of ArrayFormatter.formatErrorSync(result.left)) {
    const field = issue.path.map(String).join(".") || "non_field_errors";
    (fields[field] ??= []).push(issue.message);
  }
  // An optional field that fails also reports its "undefined" alternative; that says nothing.
  // When only that is said of a field whose nested fields carry the real messages, it goes.
  const paths = Object.keys(fields);
  for (const [field, messages] of Object.entries(fields)) {
    const useful = messages.filter((message) => !UNDEFINED_ALTERNATIVE.test(message));
    if (useful.length > 0) fields[field] = useful;
    else if (paths.some((path) => path.startsWith(`${field}.`))) delete fields[field];
  }
  throw badRequest(fields);
}
