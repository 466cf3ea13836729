import { test } from "uvu";
import * as assert from "uvu/assert";
import { createEmbedChannel, type EmbedInstruction, type EmbedOffer } from "../../../src/client/effect/embed-channel";

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

test("the parent's instructions: in-app paths and themes only, from the parent at an allowed origin; the frame says where it is", () => {
  const { frame, parent } = frameWindow();
  const channel = createEmbedChannel(frame, ["https://kpi.example"]);
  const seen: EmbedInstruction[] = [];
  const offers: EmbedOffer[] = [];
  const subscriptions = [channel.instructions$.subscribe((value) => seen.push(value)), channel.offers$.subscribe((value) => offers.push(value))];
  const post = (data: unknown, origin = "https://kpi.example", source: unknown = parent) => frame.dispatchEvent(Object.assign(new Event("message"), { data, origin, source }));
  post({ type: "meridian:embed-navigate", path: "/investor-reporting/12" });
  post({ type: "meridian:embed-navigate", path: "//evil.example/phish" });
  post({ type: "meridian:embed-navigate", path: "https://evil.example/" });
  post({ type: "meridian:embed-navigate", path: "/login?next=x" });
  post({ type: "meridian:embed-navigate", path: "/my-dashboard" }, "https://evil.example");
  post({ type: "meridian:embed-theme", theme: "light" });
  post({ type: "meridian:embed-theme", theme: "pink" });
  post({ ...offer, path: "/investor-reporting/12" });
  post({ ...offer, path: "javascript:alert(1)" });
  for (const subscription of subscriptions) subscription.unsubscribe();
  assert.equal(seen, [
    { type: "meridian:embed-navigate", path: "/investor-reporting/12" },
    { type: "meridian:embed-theme", theme: "light" },
  ]);
  assert.equal(offers, [{ type: "meridian:embed-login", token: "t-1", theme: "light", path: "/investor-reporting/12" }], "an offer with a foreign path is no offer");
  channel.ready("/investor-reporting/12");
  assert.equal(parent.posted, [{ type: "meridian:embed-ready", path: "/investor-reporting/12" }]);
});

test.run();
