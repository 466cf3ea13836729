import { test } from "uvu";
import * as assert from "uvu/assert";
import { createEmbedChannel, type EmbedOffer } from "../../../src/client/effect/embed-channel";

/** A window whose parent is another object, so messages can claim either as their source. */
function frameWindow() {
  const parent = { posted: [] as unknown[], postMessage(message: unknown) { this.posted.push(message); } };
  const target = new EventTarget() as EventTarget & { parent: typeof parent };
  target.parent = parent;
  return { frame: target as unknown as Window, parent };
}

const offer = { type: "meridian:embed-login", token: "t-1", theme: "light" };

test("offers are taken only from the parent window and an allowed origin", () => {
  const { frame, parent } = frameWindow();
  const channel = createEmbedChannel(frame, ["https://kpi.example"]);
  const seen: EmbedOffer[] = [];
  const subscription = channel.offers$.subscribe((value) => seen.push(value));
  const post = (data: unknown, origin: string, source: unknown) => frame.dispatchEvent(Object.assign(new Event("message"), { data, origin, source }));
  post(offer, "https://evil.example", parent);
  post(offer, "https://kpi.example", {});
  post({ type: "something else" }, "https://kpi.example", parent);
  post(offer, "https://kpi.example", parent);
  subscription.unsubscribe();
  assert.equal(seen, [{ type: "meridian:embed-login", token: "t-1", theme: "light" }]);
  channel.request();
  assert.equal(parent.posted, [{ type: "meridian:embed-token-request" }]);
});

test.run();
