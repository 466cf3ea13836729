import type { ServerEvent } from "../../src/contracts/server-events";

/** Reads server-sent events from a fetch body until `count` arrived (or gives up after 5 s). */
export async function readServerEvents(response: Response, count: number): Promise<ServerEvent[]> {
  const events: ServerEvent[] = [];
  await readFrames(response, (frame) => {
    if (frame.event !== "end") events.push(JSON.parse(frame.data));
    return events.length < count;
  });
  return events;
}

/**
 * Reads a stream until the server ends it: the events it sent, the reason of its closing
 * `event: end` (null if it closed without one) and whether the body really ended (not the
 * 5 s deadline). `onEvent` runs as each event arrives, to act while the stream is open.
 */
export async function readUntilEnd(response: Response, onEvent: (event: ServerEvent) => unknown = () => {}) {
  const events: ServerEvent[] = [];
  let end: string | null = null;
  const closed = await readFrames(response, (frame) => {
    if (frame.event === "end") end = (JSON.parse(frame.data) as { reason: string }).reason;
    else {
      const event = JSON.parse(frame.data) as ServerEvent;
      events.push(event);
      void onEvent(event);
    }
    return true;
  });
  return { events, end: end as string | null, closed };
}

/** Calls `onFrame` with each frame that has data until it answers false; true if the body ended. */
async function readFrames(response: Response, onFrame: (frame: { event: string | null; data: string }) => boolean): Promise<boolean> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let timedOut = false;
  const deadline = setTimeout(() => {
    timedOut = true;
    void reader.cancel();
  }, 5000);
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return !timedOut;
      buffer += decoder.decode(value, { stream: true });
      let boundary;
      while ((boundary = buffer.indexOf("\n\n")) >= 0) {
        const lines = buffer.slice(0, boundary).split("\n");
        buffer = buffer.slice(boundary + 2);
        const data = lines.find((line) => line.startsWith("data: "));
        const event = lines.find((line) => line.startsWith("event: "));
        if (data && !onFrame({ event: event?.slice(7) ?? null, data: data.slice(6) })) return false;
      }
    }
  } finally {
    clearTimeout(deadline);
    await reader.cancel().catch(() => {});
  }
}
