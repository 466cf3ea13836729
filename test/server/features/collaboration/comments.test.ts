// Comments on KPIs: list, write, edit (author only), delete (author or administrator), pin; only
// readers of the KPI (by effective sensitivity) reach them; another company's ids answer 404.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { COMMENT_DELETE_FORBIDDEN, COMMENT_EDIT_FORBIDDEN } from "../../../../src/domain/collaboration/texts";
import { collaborationCompany } from "./fixture";

type Comment = { id: number; text: string; month: string | null; pinned: boolean; author: { id: number }; mayEdit: boolean; mayDelete: boolean; editedAt: string | null };

test("write on a KPI and on its month; listed pinned first, then newest first; a pin moves it up", async () => {
  const { call, writer, colleague, ids, comment, events } = await collaborationCompany();
  const first = await comment("Revenue looks soft", { month: "2026-05-01" });
  const second = await comment("Second thought");
  await comment("Third", { by: colleague });
  const list = async () => (await call(writer.headers, "GET", `/api/kpis/${ids.revenue}/comments/`)).body.comments as Comment[];
  assert.equal((await list()).map((entry) => entry.text), ["Third", "Second thought", "Revenue looks soft"]);
  const mine = (await list()).find((entry) => entry.id === first.comment.id)!;
  assert.is(mine.month, "2026-05-01");
  assert.equal([mine.mayEdit, mine.mayDelete], [true, true]);
  assert.equal(((await list()).find((entry) => entry.text === "Third")!) .mayEdit, false, "someone else's comment");
  const pinned = await call(colleague.headers, "PUT", `/api/kpis/${ids.revenue}/comments/${first.comment.id}/pin/`, { pinned: true });
  assert.is(pinned.status, 200);
  assert.is(pinned.body.pinned, true);
  assert.equal((await list()).map((entry) => [entry.text, entry.pinned]), [["Revenue looks soft", true], ["Third", false], ["Second thought", false]]);
  await call(writer.headers, "PUT", `/api/kpis/${ids.revenue}/comments/${second.comment.id}/pin/`, { pinned: true });
  assert.equal((await list()).map((entry) => entry.text).slice(0, 2), ["Second thought", "Revenue looks soft"], "the latest pin on top");
  await call(writer.headers, "PUT", `/api/kpis/${ids.revenue}/comments/${second.comment.id}/pin/`, { pinned: false });
  assert.equal((await list()).map((entry) => entry.text), ["Revenue looks soft", "Third", "Second thought"]);
  assert.is((await events("CommentPinned")).length, 2);
  assert.is((await events("CommentUnpinned")).length, 1);
  assert.is((await events("CommentAdded")).length, 3);
});

test("bad input: blank or too long text, a month that is no first of a month; nothing is written", async () => {
  const { call, writer, ids, events } = await collaborationCompany();
  const post = (body: unknown) => call(writer.headers, "POST", `/api/kpis/${ids.revenue}/comments/`, body);
  assert.equal((await post({ text: "" })).body, { text: ["Write a comment first."] });
  assert.is((await post({ text: "x".repeat(5001) })).status, 400);
  assert.is((await post({ text: "ok", month: "2026-05-02" })).status, 400);
  assert.is((await post({ text: 5 })).status, 400);
  assert.is((await events("CommentAdded")).length, 0);
});

test("edit by the author only (marked edited); delete by the author or an administrator", async () => {
  const { call, writer, colleague, admin, ids, comment, events } = await collaborationCompany();
  const { comment: written } = await comment("Typo here");
  const path = `/api/kpis/${ids.revenue}/comments/${written.id}/`;
  assert.equal((await call(colleague.headers, "PATCH", path, { text: "Hijacked" })).body, { detail: COMMENT_EDIT_FORBIDDEN });
  const edited = await call(writer.headers, "PATCH", path, { text: "No typo" });
  assert.is(edited.body.comment.text, "No typo");
  assert.ok(edited.body.comment.editedAt);
  assert.equal((await call(colleague.headers, "DELETE", path)).body, { detail: COMMENT_DELETE_FORBIDDEN });
  assert.is((await call(writer.headers, "DELETE", path)).status, 204);
  assert.is((await call(writer.headers, "DELETE", path)).status, 404);
  // The administrator reads level 0 only: they moderate the customers KPI's discussion.
  const { comment: onCustomers } = await comment("Customers comment", { kpiId: ids.customers });
  const moderated = `/api/kpis/${ids.customers}/comments/${onCustomers.id}/`;
  assert.equal((await call(admin.headers, "GET", `/api/kpis/${ids.customers}/comments/`)).body.comments[0].mayDelete, true);
  assert.equal((await call(admin.headers, "PATCH", moderated, { text: "x" })).body, { detail: COMMENT_EDIT_FORBIDDEN }, "an administrator does not put words in anyone's mouth");
  assert.is((await call(admin.headers, "DELETE", moderated)).status, 204);
  assert.is((await events("CommentEdited")).length, 1);
  assert.is((await events("CommentDeleted")).length, 2);
});

test("only readers of the KPI reach its comments (effective sensitivity); another company's ids are 404", async () => {
  const { call, writer, junior, stranger, ids, comment } = await collaborationCompany();
  const { comment: written } = await comment("Confidential revenue note");
  assert.is((await call(junior.headers, "GET", `/api/kpis/${ids.revenue}/comments/`)).status, 404);
  assert.is((await call(junior.headers, "POST", `/api/kpis/${ids.revenue}/comments/`, { text: "let me in" })).status, 404);
  assert.is((await call(junior.headers, "PUT", `/api/kpis/${ids.revenue}/comments/${written.id}/pin/`, { pinned: true })).status, 404);
  assert.is((await call(junior.headers, "DELETE", `/api/kpis/${ids.revenue}/comments/${written.id}/`)).status, 404);
  // Gross margin is level 0 but reads the level-2 cogs: read at level 2.
  assert.is((await call(writer.headers, "GET", `/api/kpis/${ids.grossMargin}/comments/`)).status, 404);
  assert.is((await call(stranger.headers, "GET", `/api/kpis/${ids.revenue}/comments/`)).status, 404);
  assert.is((await call(stranger.headers, "PATCH", `/api/kpis/${ids.revenue}/comments/${written.id}/`, { text: "x" })).status, 404);
  // A comment of another KPI is no comment of this one.
  assert.is((await call(writer.headers, "PATCH", `/api/kpis/${ids.customers}/comments/${written.id}/`, { text: "x" })).status, 404);
  assert.is((await call(writer.headers, "GET", `/api/kpis/${ids.revenue}/comments/`)).body.comments.length, 1);
});

test.run();
