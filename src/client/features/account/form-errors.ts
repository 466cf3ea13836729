import { fieldMessagesText } from "../../../domain/errors/display";

type FieldMessages = Readonly<Record<string, readonly string[]>>;

/** A server error payload split for a form: what goes next to a field, and what has no field here. */
export interface FormErrors {
  /** Messages of the form's own fields, by the field's name (shown under it, after its label). */
  readonly byField: FieldMessages;
  /** Everything else, joined the spec's way ('field: messages', general messages bare), for an Alert above the form. */
  readonly rest: string;
}

/**
 * Splits the server's field messages between the form's fields (`fieldNames`, the names the API
 * uses) and the rest, so each error sits next to its field and none is lost.
 */
export function formErrors(fields: FieldMessages, fieldNames: readonly string[]): FormErrors {
  const byField: Record<string, readonly string[]> = {};
  const rest: Record<string, readonly string[]> = {};
  for (const [field, messages] of Object.entries(fields)) {
    if (fieldNames.includes(field)) byField[field] = messages;
    else rest[field] = messages;
  }
  return { byField, rest: fieldMessagesText(rest) };
}

/**
 * The same split for failures that arrive already joined as lines ('new_password: message'):
 * a line that starts with one of the form's field names goes to that field.
 */
export function formErrorsFromLines(lines: readonly string[], fieldNames: readonly string[]): FormErrors {
  const byField: Record<string, string[]> = {};
  const rest: string[] = [];
  for (const line of lines) {
    const field = fieldNames.find((name) => line.startsWith(`${name}: `));
    if (field) (byField[field] ??= []).push(line.slice(field.length + 2));
    else rest.push(line);
  }
  return { byField, rest: rest.join("\n") };
}
