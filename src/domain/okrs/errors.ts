/**
 * What an OKR form says when the server refuses (spec section 8, "objective errors"): the
 * message from the response's detail, else the first of its non_field_errors, else the raw
 * error. Field messages are shown beside their fields by the form; this is the line above them.
 */
export function okrErrorText(body: unknown, rawError: string): string {
  if (body && typeof body === "object" && !Array.isArray(body)) {
    const record = body as Record<string, unknown>;
    const detail = firstText(record["detail"]);
    if (detail) return detail;
    const general = firstText(record["non_field_errors"]);
    if (general) return general;
  }
  return rawError;
}

/** The first non-empty text of a message or a list of messages. */
function firstText(value: unknown): string | null {
  const messages = Array.isArray(value) ? value : [value];
  for (const message of messages) {
    if (typeof message === "string" && message.trim() !== "") return message;
  }
  return null;
}
