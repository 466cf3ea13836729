// The company's side of the embed protocol, inside the investor's frame (account feature):
// the first token lands the frame where the parent asked, and later instructions move it.
import { Subject } from "rxjs";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { EmbedChannel, EmbedInstruction, EmbedOffer } from "../../../../src/client/effect/embed-channel";
import { json } from "../../effect/fake-server";
import { settle, testClient } from "../../support/harness";

function fakeEmbed() {
  const offers = new Subject<EmbedOffer>();
  const instructions = new Subject<EmbedInstruction>();
  const told: string[] = [];
  const embed: EmbedChannel = {
    offers$: offers,
    instructions$: instructions,
    request: () => void told.push("token-request"),
    ready: (path) => void told.push(`ready ${path}`),
    nextOffer: () => new Promise(() => undefined),
  };
  return { embed, offers, instructions, told };
}

const session = { access: "frame-access", access_expires_at: new Date(Date.now() + 300_000).toISOString(), refresh_expires_at: new Date(Date.now() + 300_000).toISOString() };

test("the first token lands the frame on the report the parent asked for, and the parent hears where it is", async () => {
  const { embed, offers, told } = fakeEmbed();
  const client = testClient({ "POST /auth-api/auth/embed/": () => json(200, session) }, { embed });
  client.bus.dispatch({ _tag: "AwaitEmbedSession", landing: true });
  await settle();
  assert.equal(told, ["token-request"]);
  offers.next({ type: "meridian:embed-login", token: "t", theme: "light", path: "/investor-reporting/9" });
  await client.waitFor("ThemeChanged");
  await settle();
  assert.equal(client.navigations, ["/investor-reporting/9"]);
  assert.equal(told, ["token-request", "ready /investor-reporting/9"]);
  assert.is(client.store.getState().shell.theme, "light");
});

test("without a path the frame lands on the company's start; instructions move it and change its theme", async () => {
  const { embed, offers, instructions, told } = fakeEmbed();
  const client = testClient({ "POST /auth-api/auth/embed/": () => json(200, session) }, { embed });
  client.bus.dispatch({ _tag: "AwaitEmbedSession", landing: true });
  offers.next({ type: "meridian:embed-login", token: "t", theme: "dark" });
  await client.waitFor("ThemeChanged");
  await settle();
  instructions.next({ type: "meridian:embed-navigate", path: "/investor-reporting/10" });
  instructions.next({ type: "meridian:embed-theme", theme: "auto" });
  await settle();
  assert.equal(client.navigations, ["/my-dashboard", "/investor-reporting/10"]);
  assert.equal(told, ["token-request", "ready /my-dashboard", "ready /investor-reporting/10"]);
  assert.is(client.store.getState().shell.theme, "auto");
});

test("a frame renews its session from the parent before it would warn or sign itself out", async () => {
  const { embed, offers } = fakeEmbed();
  const soon = { ...session, access_expires_at: new Date(Date.now() + 60_000).toISOString(), refresh_expires_at: new Date(Date.now() + 60_000).toISOString() };
  const later = new Date(Date.now() + 300_000).toISOString();
  const client = testClient(
    {
      "POST /auth-api/auth/embed/": () => json(200, soon),
      // In the app a frame's renewal asks its parent (platform.ts renewFromParent); here the API's renewal answers.
      "POST /api/auth/token/refresh/": () => json(200, { access: "renewed", access_expires_at: later, refresh_expires_at: later }),
    },
    { embed },
  );
  client.bus.dispatch({ _tag: "AwaitEmbedSession", landing: true });
  offers.next({ type: "meridian:embed-login", token: "t", theme: "dark" });
  await client.waitFor("SessionExtended");
  assert.is(client.store.getState().session.refreshExpiresAt, later);
  assert.is(client.tokens.current()?.access, "renewed");
});

test.run();
