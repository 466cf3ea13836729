import { Schema } from "@effect/schema";
import { Either } from "effect";
import { badRequest, notFound } from "./errors";
import { plainMessages, type FieldMessage } from "./plain-messages";

/**
 * The one decode step every request input goes through (issue 10, "input safety in one place").
 * Before any schema work, the raw value is walked once for what no field may hold: NUL
 * characters, non-finite numbers (JSON's 1e400 is Infinity), text or lists past a backstop far
 * above any contract's own bound. Then the contract decodes it; failures become a 400 with plain
 * messages by field, in the error shape the client shows as 'field: messages', and the body stays
 * small whatever the request (at most MAX_FIELD_MESSAGES messages, none quoting the input).
 */
export const MAX_TEXT_CHARS = 100_000;
export const MAX_LIST_ITEMS = 10_000;
export const MAX_FIELD_MESSAGES = 50;

/** A path id that is a whole number but cannot name a record (0, past 2^53): the record is unknown. */
export const ID_OUT_OF_RANGE = "no such record";

export function decodeInput<A, I>(schema: Schema.Schema<A, I>, input: unknown): A {
  const raw = rawProblems(input);
  if (raw.length > 0) throw badRequest(byField(raw));
  const result = Schema.decodeUnknownEither(schema, { errors: "all", onExcessProperty: "ignore" })(input);
  if (Either.isRight(result)) return result.right;
  throw badRequest(byField(plainMessages(result.left.issue)));
}

/** A query string: each key at most once (`?a=1&a=2` is ambiguous, so refused), then the contract. */
export function decodeQuery<A, I>(schema: Schema.Schema<A, I>, query: unknown): A {
  const repeated = Object.entries((query ?? {}) as Record<string, unknown>)
    .filter(([, value]) => Array.isArray(value))
    .map(([key]): FieldMessage => ({ path: [key], message: "must be given once" }));
  if (repeated.length > 0) throw badRequest(byField(repeated));
  return decodeInput(schema, { ...(query as object) });
}

/** Path parameters: malformed ones are a 400; a well-formed id that cannot exist is a 404. */
export function decodeParams<A, I>(schema: Schema.Schema<A, I>, params: unknown): A {
  const raw = rawProblems(params);
  if (raw.length > 0) throw badRequest(byField(raw));
  const result = Schema.decodeUnknownEither(schema, { errors: "all" })(params);
  if (Either.isRight(result)) return result.right;
  const messages = plainMessages(result.left.issue);
  if (messages.every((each) => each.message === ID_OUT_OF_RANGE)) throw notFound();
  throw badRequest(byField(messages.filter((each) => each.message !== ID_OUT_OF_RANGE)));
}

/** What no field of any contract may hold, found in one walk of the raw value. */
export function rawProblems(value: unknown): FieldMessage[] {
  const out: FieldMessage[] = [];
  const visit = (node: unknown, path: PropertyKey[]) => {
    if (out.length >= MAX_FIELD_MESSAGES) return;
    if (typeof node === "string") {
      if (node.includes("\u0000")) out.push({ path, message: "must not contain the NUL character" });
      else if (node.length > MAX_TEXT_CHARS) out.push({ path, message: `must be at most ${MAX_TEXT_CHARS} characters` });
    } else if (typeof node === "number") {
      if (!Number.isFinite(node)) out.push({ path, message: "must be a finite number" });
    } else if (Array.isArray(node)) {
      if (node.length > MAX_LIST_ITEMS) out.push({ path, message: `must have at most ${MAX_LIST_ITEMS} items` });
      else node.forEach((item, index) => visit(item, [...path, index]));
    } else if (typeof node === "object" && node !== null) {
      for (const [key, item] of Object.entries(node)) {
        if (key.includes("\u0000")) out.push({ path, message: "must not contain the NUL character in a key" });
        else visit(item, [...path, key]);
      }
    }
  };
  visit(value, []);
  return out;
}

/** Messages grouped by dotted field path, at most MAX_FIELD_MESSAGES of them. */
function byField(messages: readonly FieldMessage[]): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const { path, message } of messages.slice(0, MAX_FIELD_MESSAGES)) {
    const field = path.map(String).join(".") || "non_field_errors";
    const list = (fields[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  if (messages.length > MAX_FIELD_MESSAGES) (fields["non_field_errors"] ??= []).push(`…and ${messages.length - MAX_FIELD_MESSAGES} more problems.`);
  return fields;
}

/** At most 80 characters of a person's input, for messages that must name it. */
export function quoted(input: string, max = 80): string {
  const clean = input.replace(/[\u0000-\u001f\u007f]/g, " ");
  return JSON.stringify(clean.length > max ? `${clean.slice(0, max - 1)}…` : clean);
}
