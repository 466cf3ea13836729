// The copilot's epics against a fake server: a new chat's first question creates the conversation,
// streams the answer in pieces (tool steps, text, the final message) with the access token, and
// reads the list and the usage again; the server's refusals and a cut-off stream are said.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { BUDGET_SPENT, DPA_REQUIRED, type ChatMessage } from "../../../../src/contracts/copilot";
import { initialState } from "../../../../src/client/app/state";
import { ANSWER_CUT_OFF } from "../../../../src/client/features/copilot/answer-stream";
import { json } from "../../effect/fake-server";
import { settle, signIn, testClient } from "../../support/harness";
import { demoCompany, profileWith } from "../../support/session-fixtures";
import { chunkedBody } from "./stream-body";

const person = { ...initialState, session: { ...initialState.session, stage: "ready" as const, company: demoCompany(), profile: profileWith(["access_copilot_chat"]) } };
const summary = (id: number, title: string, updatedAt = "2026-11-27T10:00:00.000Z") => ({ id, title, createdAt: "2026-11-27T10:00:00.000Z", updatedAt, messageCount: 0 });
const message = (id: number, role: "user" | "assistant", content: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  role,
  content,
  createdAt: "2026-11-27T10:00:01.000Z",
  citations: [],
  blocks: [],
  toolCalls: [],
  model: role === "assistant" ? "offline" : null,
  snapshot: null,
  ...extra,
});
const answer = message(2, "assistant", "**Revenue** is 4 % behind plan.", {
  citations: [{ kpiId: 3, kpiName: "Revenue", period: "YTD Oct 2026", measure: "deviation", value: -4, unit: "%", href: "/reporting/kpi-detail/3" }],
});
const usage = { warning: true, warning_threshold: 80, date: "2026-11", usedTokens: 410_000, budgetTokens: 500_000 };
const stream = (events: readonly unknown[], cuts: readonly number[] = [7, 40, 41, 90]) =>
  new Response(chunkedBody(events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join(""), cuts), { status: 200, headers: { "content-type": "text/event-stream" } });

test("a new chat's first question: created, streamed in pieces with the token, then list and usage read again", async () => {
  const client = testClient(
    {
      "POST /ai-api/conversations/": () => json(201, summary(7, "New conversation")),
      "POST /ai-api/conversations/7/messages/": () =>
        stream([
          { type: "question", message: message(1, "user", "Which KPIs are furthest behind plan this year?") },
          { type: "tool", name: "kpi_aggregates", arguments: "{}" },
          { type: "delta", text: "**Revenue** is " },
          { type: "delta", text: "4 % behind plan." },
          { type: "done", message: answer, usage: { tokens: 0 } },
        ]),
      "GET /ai-api/conversations/": () => json(200, { conversations: [summary(7, "Which KPIs are furthest behind plan this year?", "2026-11-27T10:00:02.000Z")] }),
      "GET /ai-api/usage/": () => json(200, usage),
    },
    { state: person },
  );
  signIn(client);
  client.bus.dispatch({ _tag: "StartNewChat" });
  client.bus.dispatch({ _tag: "AskCopilot", conversationId: null, content: "Which KPIs are furthest behind plan this year?", snapshot: null });
  await client.waitFor("CopilotUsageLoaded");
  await client.waitFor("ConversationsLoaded");
  const answerTypes = client.types().filter((type) => type.startsWith("Answer") || type === "QuestionStored" || type === "ConversationCreated");
  assert.equal(answerTypes, ["AnswerStarted", "ConversationCreated", "QuestionStored", "AnswerToolCalled", "AnswerTextReceived", "AnswerTextReceived", "AnswerCompleted"]);
  assert.equal(client.navigations, ["/chat/7"], "the new conversation goes into the address");
  const ask = client.server.calls.find((call) => call.path === "/ai-api/conversations/7/messages/")!;
  assert.is(ask.token, "a", "the stream carries the access token");
  assert.is(ask.headers.get("accept"), "text/event-stream");
  assert.equal(ask.body, { content: "Which KPIs are furthest behind plan this year?" });
  const model = client.store.getState().copilot;
  assert.is(model.pending, null);
  assert.is(model.thread.conversationId, 7);
  assert.equal(model.thread.messages.map((entry) => entry.role), ["user", "assistant"]);
  assert.equal(model.thread.messages[1]!.citations[0]!.href, "/reporting/kpi-detail/3");
  assert.is(model.conversations.value[0]!.title, "Which KPIs are furthest behind plan this year?");
  assert.is(model.usage?.warning, true);
});

test("while the answer streams, the model holds the tools and the text so far", async () => {
  let push: (text: string) => void = () => {};
  let close: () => void = () => {};
  const encoder = new TextEncoder();
  const client = testClient(
    {
      "POST /ai-api/conversations/4/messages/": () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              push = (text) => controller.enqueue(encoder.encode(text));
              close = () => controller.close();
            },
          }),
          { status: 200, headers: { "content-type": "text/event-stream" } },
        ),
      "GET /ai-api/conversations/": () => json(200, { conversations: [] }),
      "GET /ai-api/usage/": () => json(200, { ...usage, warning: false, usedTokens: 0 }),
    },
    { state: person },
  );
  signIn(client);
  const snapshot = { title: "Revenue (KPI detail)", path: "/reporting/kpi-detail/3", kpis: [{ kpiId: 3, name: "Revenue", period: "Year to date Jan – Oct 2026", values: [{ label: "Actual", value: 1200 }] }] };
  client.bus.dispatch({ _tag: "AttachSnapshot", snapshot });
  assert.equal(client.navigations, ["/chat"], "attaching opens the chat");
  assert.equal(client.store.getState().copilot.snapshot, snapshot);
  client.bus.dispatch({ _tag: "AskCopilot", conversationId: 4, content: "And this?", snapshot });
  assert.is(client.store.getState().copilot.snapshot, null, "the snapshot goes with this one question");
  await settle();
  push(`data: ${JSON.stringify({ type: "tool", name: "kpi_history", arguments: "{}" })}\n\ndata: {"type":"delta","te`);
  await settle();
  assert.equal(client.store.getState().copilot.pending?.tools, [{ name: "kpi_history", arguments: "{}" }]);
  assert.is(client.store.getState().copilot.pending?.text, "");
  push('xt":"Half"}\n\n');
  await settle();
  assert.is(client.store.getState().copilot.pending?.text, "Half");
  assert.is(client.store.getState().copilot.pending?.snapshotTitle, "Revenue (KPI detail)");
  const sent = client.server.calls.find((call) => call.path === "/ai-api/conversations/4/messages/")!;
  assert.equal(sent.body, { content: "And this?", snapshot });
  push(`data: ${JSON.stringify({ type: "done", message: answer, usage: null })}\n\n`);
  close();
  await client.waitFor("AnswerCompleted");
  assert.is(client.store.getState().copilot.pending, null);
});

test("the server's refusal is said in its words: before the stream (403) and inside it", async () => {
  const client = testClient(
    {
      "POST /ai-api/conversations/5/messages/": (_call, count) =>
        count === 1 ? json(403, { detail: DPA_REQUIRED }) : stream([{ type: "error", detail: BUDGET_SPENT }]),
    },
    { state: person },
  );
  signIn(client);
  client.bus.dispatch({ _tag: "AskCopilot", conversationId: 5, content: "How is revenue doing?", snapshot: null });
  await client.waitFor("AnswerFailed");
  assert.ok(client.store.getState().copilot.answerError?.includes(DPA_REQUIRED), client.store.getState().copilot.answerError ?? "");
  assert.is(client.store.getState().copilot.pending, null, "the composer is free again");
  client.bus.dispatch({ _tag: "AskCopilot", conversationId: 5, content: "How is revenue doing?", snapshot: null });
  await settle();
  await settle();
  assert.is(client.store.getState().copilot.answerError, BUDGET_SPENT);
});

test("a stream that ends without its final message is called cut off", async () => {
  const client = testClient({ "POST /ai-api/conversations/5/messages/": () => stream([{ type: "delta", text: "Rev" }]) }, { state: person });
  signIn(client);
  client.bus.dispatch({ _tag: "AskCopilot", conversationId: 5, content: "How is revenue doing?", snapshot: null });
  await client.waitFor("AnswerFailed");
  assert.is(client.store.getState().copilot.answerError, ANSWER_CUT_OFF);
  assert.is(client.store.getState().copilot.pending, null);
});

test("a second Enter while an answer comes asks nothing more", async () => {
  let asked = 0;
  const client = testClient(
    {
      "POST /ai-api/conversations/5/messages/": () => {
        asked++;
        return stream([{ type: "done", message: answer, usage: null }]);
      },
      "GET /ai-api/conversations/": () => json(200, { conversations: [] }),
      "GET /ai-api/usage/": () => json(200, usage),
    },
    { state: person },
  );
  signIn(client);
  client.bus.dispatch({ _tag: "AskCopilot", conversationId: 5, content: "One", snapshot: null });
  client.bus.dispatch({ _tag: "AskCopilot", conversationId: 5, content: "One", snapshot: null });
  await client.waitFor("AnswerCompleted");
  await settle();
  assert.is(asked, 1);
});

test("rename and delete: the list follows, a failure stays with its conversation", async () => {
  const client = testClient(
    {
      "GET /ai-api/conversations/": () => json(200, { conversations: [summary(1, "Revenue"), summary(2, "Cash")] }),
      "GET /ai-api/conversations/2/": () => json(200, { conversation: summary(2, "Cash"), messages: [message(9, "user", "Cash?")] }),
      "PATCH /ai-api/conversations/1/": (call) => json(200, { ...summary(1, (call.body as { title: string }).title) }),
      "DELETE /ai-api/conversations/2/": (_call, count) => (count === 1 ? json(404, { detail: "Not found." }) : json(204, null)),
    },
    { state: person },
  );
  signIn(client);
  client.bus.dispatch({ _tag: "LoadConversations" });
  await client.waitFor("ConversationsLoaded");
  client.bus.dispatch({ _tag: "OpenConversation", conversationId: 2 });
  await client.waitFor("ConversationOpened");
  client.bus.dispatch({ _tag: "RenameConversation", conversationId: 1, title: "Revenue 2026" });
  await client.waitFor("ConversationRenamed");
  assert.equal(client.store.getState().copilot.conversations.value.map((entry) => entry.title), ["Revenue 2026", "Cash"]);
  client.bus.dispatch({ _tag: "DeleteConversation", conversationId: 2, title: "Cash" });
  await client.waitFor("ConversationActionFailed");
  assert.equal([client.store.getState().copilot.action.action, client.store.getState().copilot.action.target], ["delete", 2]);
  client.bus.dispatch({ _tag: "DeleteConversation", conversationId: 2, title: "Cash" });
  await client.waitFor("ConversationDeleted");
  const model = client.store.getState().copilot;
  assert.equal(model.conversations.value.map((entry) => entry.id), [1]);
  assert.equal([model.thread.conversationId, model.thread.messages.length], [null, 0], "the open conversation deleted: a new chat");
});

test("settings: saving sends only the change (the key redacted from the log), accepting the agreement answers who and when", async () => {
  const settings = { enabled: true, source: "offline", baseUrl: null, model: null, hasApiKey: false, dpa: null, monthlyTokenBudget: 500_000, warningThreshold: 80, usage };
  const client = testClient(
    {
      "GET /ai-api/settings/": () => json(200, settings),
      "PATCH /ai-api/settings/": (call) => json(200, { ...settings, ...(call.body as object), source: "company", hasApiKey: true, apiKey: undefined }),
      "POST /ai-api/settings/dpa/": () => json(200, { ...settings, dpa: { acceptedAt: "2026-11-27T10:00:00.000Z", acceptedBy: "Ada Administrator" } }),
      "GET /ai-api/requests/": () => json(200, { requests: [] }),
    },
    { state: person },
  );
  signIn(client);
  client.bus.dispatch({ _tag: "LoadCopilotSettings" });
  await client.waitFor("CopilotSettingsLoaded");
  client.bus.dispatch({ _tag: "SaveCopilotSettings", change: { baseUrl: "http://127.0.0.1:9/v1", model: "scripted", apiKey: "sk-secret" } });
  await client.waitFor("CopilotSettingsSaved");
  const patch = client.server.calls.find((call) => call.method === "PATCH")!;
  assert.equal(patch.body, { baseUrl: "http://127.0.0.1:9/v1", model: "scripted", apiKey: "sk-secret" });
  assert.is(client.store.getState().copilot.settings.value?.hasApiKey, true);
  client.bus.dispatch({ _tag: "AcceptDataProcessingAgreement" });
  await client.waitFor("ToastShown");
  await settle();
  assert.equal(client.store.getState().copilot.settings.value?.dpa?.acceptedBy, "Ada Administrator");
  client.bus.dispatch({ _tag: "LoadModelRequests" });
  await client.waitFor("ModelRequestsLoaded");
  assert.is(client.store.getState().copilot.requests.status, "loaded");
});

test.run();
