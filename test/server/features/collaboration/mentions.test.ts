// Mentions: each active person who may read the KPI is told once (inbox, live event, mail); anyone
// else mentioned is not told and the writer learns why; an edit tells only the newly mentioned.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { outboxOf } from "../../../support/outbox";
import { collaborationCompany } from "./fixture";

test("a mention tells a reader of the KPI in their inbox, live and by mail; others are named back to the writer", async () => {
  const { writer, colleague, junior, tenantId, ids, comment, inbox, events } = await collaborationCompany();
  const saved = await comment(`@${colleague.email.toUpperCase()} please check; also ${junior.email}, ghost@nowhere.example and me @${writer.email}`);
  assert.equal(saved.notified.map((person) => person.id), [colleague.id]);
  assert.equal(saved.unnotified, [
    { address: junior.email, reason: "may_not_read" },
    { address: "ghost@nowhere.example", reason: "unknown" },
  ]);
  const [told] = await inbox(colleague.id);
  assert.is(told!.kind, "mention");
  assert.is(told!.link, `/reporting/kpi-detail/${ids.revenue}/comments?comment=${saved.comment.id}`);
  assert.match(told!.title, /mentioned you on revenue/);
  assert.is((await inbox(junior.id)).length, 0, "a person who may not read the KPI learns nothing of it");
  assert.is((await inbox(writer.id)).length, 0, "mentioning oneself is no news");
  const received = await events("NotificationReceived");
  assert.equal(received.map((event) => (event.payload as { userId: number }).userId), [colleague.id]);
  const mails = await outboxOf(tenantId);
  assert.equal(mails.map((mail) => mail.to_address), [colleague.email]);
  assert.match(mails[0]!.text_body, /please check/);
  assert.match(mails[0]!.text_body, new RegExp(`/reporting/kpi-detail/${ids.revenue}/comments\\?comment=${saved.comment.id}`));
});

test("an edit tells only the people it newly mentions", async () => {
  const { call, writer, colleague, ids, comment, inbox, userWith, withTenant, tenantId } = await collaborationCompany();
  const third = await userWith(["read_sensitive"]);
  const thirdEmail = await withTenant(tenantId, { kind: "system", name: "test" }, async ({ db }) => (await db.selectFrom("users").select("email").where("id", "=", third.id).executeTakeFirstOrThrow()).email);
  const saved = await comment(`cc ${colleague.email}`);
  const edited = await call(writer.headers, "PATCH", `/api/kpis/${ids.revenue}/comments/${saved.comment.id}/`, { text: `cc ${colleague.email} and ${thirdEmail}` });
  assert.equal(edited.body.notified.map((person: { id: number }) => person.id), [third.id]);
  assert.is((await inbox(colleague.id)).length, 1);
  assert.is((await inbox(third.id)).length, 1);
});

test("mention candidates: the company's active people with their addresses and whether each may read the KPI", async () => {
  const { call, writer, colleague, junior, ids } = await collaborationCompany();
  const people = (await call(writer.headers, "GET", `/api/kpis/${ids.revenue}/mention-candidates/`)).body.people as { id: number; email: string; mayRead: boolean }[];
  assert.equal(people.find((person) => person.id === colleague.id)?.mayRead, true);
  assert.equal(people.find((person) => person.id === junior.id)?.mayRead, false);
  assert.is((await call(junior.headers, "GET", `/api/kpis/${ids.revenue}/mention-candidates/`)).status, 404);
});

test.run();
