import { Data } from "effect";
import { fieldMessagesText, genericErrorText } from "../../domain/errors/display";

/**
 * Expected failures of an API call, as values. Each carries its status where the server gave one
 * and the server's body, so views can show field messages.
 */
export class Invalid extends Data.TaggedError("Invalid")<{ readonly status: 400; readonly body: unknown }> {}
export class Unauthorized extends Data.TaggedError("Unauthorized")<{ readonly status: 401; readonly body: unknown }> {}
export class Forbidden extends Data.TaggedError("Forbidden")<{ readonly status: 403; readonly body: unknown }> {}
export class NotFound extends Data.TaggedError("NotFound")<{ readonly status: 404; readonly body: unknown }> {}
export class Conflict extends Data.TaggedError("Conflict")<{ readonly status: 409; readonly body: unknown }> {}
export class TooManyRequests extends Data.TaggedError("TooManyRequests")<{ readonly status: 429; readonly body: unknown; readonly retryAfterMs: number }> {}
export class ServerError extends Data.TaggedError("ServerError")<{ readonly status: number; readonly body: unknown }> {}
export class NetworkError extends Data.TaggedError("NetworkError")<{ readonly message: string }> {}
export class Timeout extends Data.TaggedError("Timeout")<{ readonly afterMs: number }> {}
/** The session could not be renewed: the user is signed out. */
export class SessionEnded extends Data.TaggedError("SessionEnded")<{ readonly reason: "refresh-failed" | "signed-out" }> {}

export type ApiError = Invalid | Unauthorized | Forbidden | NotFound | Conflict | TooManyRequests | ServerError | NetworkError | Timeout | SessionEnded;

/** Maps an HTTP error status and body to its tagged error. */
export function errorOfStatus(status: number, body: unknown, retryAfterMs = 0): ApiError {
  switch (status) {
    case 400:
      return new Invalid({ status, body });
    case 401:
      return new Unauthorized({ status, body });
    case 403:
      return new Forbidden({ status, body });
    case 404:
      return new NotFound({ status, body });
    case 409:
      return new Conflict({ status, body });
    case 429:
      return new TooManyRequests({ status, body, retryAfterMs });
    default:
      return status >= 400 && status < 500 ? new Invalid({ status: 400, body }) : new ServerError({ status, body });
  }
}

/** What a person reads for a failed call: field messages where the server gave some. */
export function describeApiError(error: ApiError): string {
  switch (error._tag) {
    case "NetworkError":
      return genericErrorText(`The server could not be reached: ${error.message}`);
    case "Timeout":
      return `The server did not answer within ${Math.round(error.afterMs / 1000)} seconds.`;
    case "SessionEnded":
      return "Your session has ended. Please sign in again.";
    default: {
      const text = fieldMessagesText(error.body);
      return genericErrorText(text || `Error ${error.status}`);
    }
  }
}

/** The server's field messages, for forms that show them next to their fields. */
export function fieldMessagesOf(error: ApiError): Record<string, string[]> {
  if (!("body" in error) || !error.body || typeof error.body !== "object") return {};
  const fields: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(error.body as Record<string, unknown>)) {
    fields[field] = (Array.isArray(value) ? value : [value]).map(String);
  }
  return fields;
}
