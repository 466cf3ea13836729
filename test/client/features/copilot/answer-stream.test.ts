// The answer's event stream as the network delivers it: cut anywhere (inside a line, inside a
// multi-byte character, between CR and LF, between the two newlines ending an event).
import { test } from "uvu";
import * as assert from "uvu/assert";
import { lastValueFrom, toArray } from "rxjs";
import { chunkedBody } from "./stream-body";
import { answerEvents$, createEventStreamDecoder, MALFORMED_EVENT } from "../../../../src/client/features/copilot/answer-stream";

test("a decoder joins lines cut across chunks and ends an event at a blank line", () => {
  const decoder = createEventStreamDecoder();
  assert.equal(decoder.push('data: {"a"'), []);
  assert.equal(decoder.push(":1}\n"), [], "the event is not over before its blank line");
  assert.equal(decoder.push("\n: keep-alive\n\ndata: 2\r"), ['{"a":1}'], "comments carry nothing");
  assert.equal(decoder.push("\n\r\n"), ["2"], "a CR at a chunk's end waits for its LF");
  assert.equal(decoder.push("event: x\ndata: one\ndata: two\n\n"), ["one\ntwo"], "data lines of one event join with LF");
});

test("every way of cutting the stream gives the same events", async () => {
  const events = [
    { type: "tool", name: "kpi_aggregates", arguments: '{"kpiIds":[1]}' },
    { type: "delta", text: "Umsatz liegt 4 % über Plan – gut. " },
    { type: "delta", text: "€ 1.2M" },
    { type: "error", detail: "The AI model did not answer. Try again in a moment." },
  ];
  const text = events.map((event) => `data: ${JSON.stringify(event)}\r\n\r\n`).join("");
  const length = new TextEncoder().encode(text).length;
  for (let cut = 1; cut < length; cut += 3) {
    const received = await lastValueFrom(answerEvents$(chunkedBody(text, [cut, cut + 1, cut + 7])).pipe(toArray()));
    assert.equal(received, events, `cut at ${cut}`);
  }
});

test("a last event without its blank line still counts; a garbled one says so", async () => {
  const received = await lastValueFrom(answerEvents$(chunkedBody('data: {"type":"delta","text":"a"}\n\ndata: {not json}\n\ndata: {"type":"delta","text":"b"}', [5])).pipe(toArray()));
  assert.equal(received, [{ type: "delta", text: "a" }, { type: "error", detail: MALFORMED_EVENT }, { type: "delta", text: "b" }]);
});

test.run();
