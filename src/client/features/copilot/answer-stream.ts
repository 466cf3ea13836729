import { Schema } from "@effect/schema";
import { Observable } from "rxjs";
import { AnswerEvent } from "../../../contracts/copilot";

/**
 * The answer's text/event-stream as AnswerEvents. The network cuts the body where it likes: a
 * chunk may end inside a line, inside a multi-byte character or between the two newlines that
 * end an event, so bytes are decoded as a stream and lines are kept until their event is whole.
 */
export function answerEvents$(body: ReadableStream<Uint8Array>): Observable<AnswerEvent> {
  return new Observable<AnswerEvent>((subscriber) => {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    const frames = createEventStreamDecoder();
    let cancelled = false;
    const emit = (data: string) => {
      const event = decodeAnswerEvent(data);
      subscriber.next(event ?? { type: "error", detail: MALFORMED_EVENT });
    };
    const pump = async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (cancelled) return;
          if (done) {
            for (const data of frames.push(decoder.decode() + "\n\n")) emit(data);
            return subscriber.complete();
          }
          for (const data of frames.push(decoder.decode(value, { stream: true }))) emit(data);
        }
      } catch (error) {
        if (!cancelled) subscriber.error(error);
      }
    };
    void pump();
    return () => {
      cancelled = true;
      reader.cancel().catch(() => undefined);
    };
  });
}

export const MALFORMED_EVENT = "The answer arrived garbled. Try again.";
export const ANSWER_CUT_OFF = "The answer stopped before it was complete. Try again.";

const decodeEvent = Schema.decodeUnknownOption(AnswerEvent);

function decodeAnswerEvent(data: string): AnswerEvent | null {
  try {
    const decoded = decodeEvent(JSON.parse(data));
    return decoded._tag === "Some" ? decoded.value : null;
  } catch {
    return null;
  }
}

/**
 * The event-stream format's framing (HTML spec, "server-sent events"): lines end with LF, CR or
 * CRLF; `data:` lines of one event join with LF; a blank line ends the event; lines starting with
 * a colon are comments (keep-alives). Other fields (event, id, retry) carry nothing here.
 */
export function createEventStreamDecoder() {
  let buffer = "";
  let data: string[] = [];
  return {
    /** Text in; the data of each event completed by it out. */
    push(text: string): string[] {
      buffer += text;
      const out: string[] = [];
      for (;;) {
        const match = /\r\n|\r|\n/.exec(buffer);
        // A lone CR at the end may be the first half of a CRLF: wait for the next chunk.
        if (!match || (match[0] === "\r" && match.index === buffer.length - 1)) break;
        const line = buffer.slice(0, match.index);
        buffer = buffer.slice(match.index + match[0].length);
        if (line === "") {
          if (data.length) out.push(data.join("\n"));
          data = [];
        } else if (line.startsWith("data:")) {
          data.push(line.slice(line.startsWith("data: ") ? 6 : 5));
        }
      }
      return out;
    },
  };
}
