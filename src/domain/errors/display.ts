/** The longest error text shown before it is cut (spec section 9). */
export const ERROR_TEXT_LIMIT = 250;
export const TRUNCATION_SUFFIX = "... (check the console)";

/** Fields whose messages concern the request as a whole: shown without a field label. */
const GENERAL_FIELDS = new Set(["detail", "non_field_errors", "error"]);

/**
 * A server error payload as the product shows it: one line per field, 'field: messages';
 * messages about the whole request without a label.
 */
export function fieldMessagesText(body: unknown): string {
  if (typeof body === "string") return body;
  if (!body || typeof body !== "object") return "";
  return Object.entries(body as Record<string, unknown>)
    .map(([field, value]) => {
      const messages = (Array.isArray(value) ? value : [value]).filter((message) => message !== null && message !== undefined).map(String);
      if (messages.length === 0) return "";
      return GENERAL_FIELDS.has(field) ? messages.join(" ") : `${field}: ${messages.join(" ")}`;
    })
    .filter(Boolean)
    .join("\n");
}

/** The generic display: the response's detail or the error text, cut at 250 characters. */
export function genericErrorText(detailOrMessage: string): string {
  return detailOrMessage.length > ERROR_TEXT_LIMIT ? detailOrMessage.slice(0, ERROR_TEXT_LIMIT) + TRUNCATION_SUFFIX : detailOrMessage;
}
