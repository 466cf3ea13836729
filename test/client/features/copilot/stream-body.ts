// A response body that arrives in pieces, for the stream tests.
/** A body that delivers `bytes` in pieces cut at `cuts` (byte offsets). */
export function chunkedBody(text: string, cuts: readonly number[]): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  const edges = [0, ...cuts.filter((cut) => cut > 0 && cut < bytes.length), bytes.length];
  return new ReadableStream({
    start(controller) {
      for (let index = 1; index < edges.length; index++) controller.enqueue(bytes.slice(edges[index - 1], edges[index]));
      controller.close();
    },
  });
}

