// The copilot's API against an OpenAI-compatible server started in process (test/support/
// fake-openai.ts): conversations and who may see them, the flag and permissions, consent before
// any external model, the scripted tool-call conversation streamed back with citations, tools
// that never hand an employee a number they may not read (whatever the model or a KPI's text
// asks), the token budget and warning, the request log, and a failing model.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { BUDGET_SPENT, COPILOT_DISABLED, DPA_REQUIRED, MAX_TOOL_ROUNDS, MODEL_UNAVAILABLE, type AnswerEvent } from "../../../../src/contracts/copilot";
import { startFakeOpenAi, type FakeOpenAi } from "../../../support/fake-openai";
import { copilotCompany, INJECTION, SALARY_VALUE, type CopilotCompany } from "./copilot-fixture";

let fake: FakeOpenAi;
let company: CopilotCompany;
test.before(async () => {
  fake = await startFakeOpenAi();
  company = await copilotCompany({ baseUrl: fake.baseUrl, apiKey: "sk-installation", model: "fake-model", timeoutMs: 5_000 });
});
test.after(async () => {
  await company.app.close();
  await fake.close();
});

const types = (events: readonly AnswerEvent[]) => events.map((event) => event.type);
const acceptDpa = async () => assert.is((await company.call(company.headers.admin, "POST", "/settings/dpa/")).status, 200);

test("conversations: new, list, rename, delete — each person sees only their own", async () => {
  const { call, headers } = company;
  const created = await call(headers.employee, "POST", "/conversations/", {});
  assert.is(created.status, 201, created.text);
  assert.equal([created.json.title, created.json.messageCount], ["New chat", 0]);
  const named = await call(headers.employee, "POST", "/conversations/", { title: "Cash questions" });
  const list = await call(headers.employee, "GET", "/conversations/");
  assert.equal(list.json.conversations.map((each: { id: number }) => each.id), [named.json.id, created.json.id]);
  const renamed = await call(headers.employee, "PATCH", `/conversations/${created.json.id}/`, { title: "Revenue" });
  assert.equal([renamed.status, renamed.json.title], [200, "Revenue"]);
  assert.is((await call(headers.employee, "PATCH", `/conversations/${created.json.id}/`, { title: " " })).status, 400);

  // A colleague of the same company and a user of another company: 404 alike, nothing changed.
  for (const other of [headers.colleague, headers.stranger]) {
    assert.is((await call(other, "GET", `/conversations/${created.json.id}/`)).status, 404);
    assert.is((await call(other, "PATCH", `/conversations/${created.json.id}/`, { title: "Mine now" })).status, 404);
    assert.is((await call(other, "DELETE", `/conversations/${created.json.id}/`)).status, 404);
    assert.is((await call(other, "POST", `/conversations/${created.json.id}/messages/`, { content: "What is revenue?" })).status, 404);
    assert.not.ok((await call(other, "GET", "/conversations/")).json.conversations.some((each: { id: number }) => each.id === created.json.id));
  }
  const kept = await call(headers.employee, "GET", `/conversations/${created.json.id}/`);
  assert.equal([kept.status, kept.json.conversation.title, kept.json.messages], [200, "Revenue", []]);
  assert.is((await call(headers.employee, "DELETE", `/conversations/${named.json.id}/`)).status, 204);
  assert.is((await call(headers.employee, "GET", `/conversations/${named.json.id}/`)).status, 404);
});

test("the copilot permission and the company flag; settings stay reachable so an administrator can switch it on", async () => {
  const { call, headers } = company;
  assert.is((await call(headers.outsider, "GET", "/conversations/")).status, 403);
  assert.is((await call(headers.outsider, "POST", "/conversations/", {})).status, 403);
  assert.is((await call(headers.employee, "PATCH", "/settings/", { enabled: false })).status, 403);
  assert.is((await call(headers.employee, "POST", "/settings/dpa/")).status, 403);
  assert.is((await call(headers.employee, "GET", "/requests/")).status, 403);

  const off = await call(headers.admin, "PATCH", "/settings/", { enabled: false });
  assert.equal([off.status, off.json.enabled], [200, false]);
  for (const [method, url] of [["GET", "/conversations/"], ["POST", "/conversations/"], ["GET", "/usage/"]] as const) {
    const refused = await call(headers.employee, method, url, method === "POST" ? {} : undefined);
    assert.equal([refused.status, refused.json.detail], [403, COPILOT_DISABLED], `${method} ${url}`);
  }
  // The flag is the profile feature the navigation and route guard read: one source of truth.
  const features = await company.withTenant(company.tenantId, { kind: "system", name: "test" }, ({ db }) => db.selectFrom("tenants").select("features").executeTakeFirstOrThrow());
  assert.is(features.features["copilot_chat"], false);
  assert.is((await call(headers.employee, "GET", "/settings/")).json.enabled, false);
  const on = await call(headers.admin, "PATCH", "/settings/", { enabled: true });
  assert.equal([on.status, on.json.enabled], [200, true]);
  assert.is((await call(headers.employee, "GET", "/conversations/")).status, 200);
});

test("no external model before the data processing agreement; then the scripted tool calls run and the answer streams with citations", async () => {
  const { call, ask, headers, ids, newConversation } = company;
  const conversation = await newConversation(headers.admin);
  const before = fake.requests.length;
  const refused = await ask(headers.admin, conversation, "How is revenue doing against plan this year?");
  assert.equal([refused.status, refused.json?.detail], [403, DPA_REQUIRED]);
  assert.is(fake.requests.length, before, "nothing was sent");
  assert.is((await call(headers.admin, "GET", `/conversations/${conversation}/`)).json.messages.length, 0, "nothing was stored");
  assert.is((await call(headers.admin, "GET", "/settings/")).json.source, "environment");

  const accepted = await call(headers.admin, "POST", "/settings/dpa/");
  assert.is(accepted.status, 200, accepted.text);
  assert.is(accepted.json.dpa.acceptedBy, "Ada Admin");
  assert.is(accepted.json.dpa.acceptedAt, "2026-06-15T10:00:00.000Z");

  fake.script([
    { toolCalls: [{ name: "search_kpis", arguments: { query: "revenue" } }], usage: { prompt: 200, completion: 10 } },
    { toolCalls: [{ name: "kpi_aggregates", arguments: { kpiIds: [ids.revenue], endMonth: "2026-05" } }], usage: { prompt: 300, completion: 12 } },
    { answer: ["Revenue is **behind plan**: ", "500 against 600 year to date."], usage: { prompt: 400, completion: 20 } },
  ]);
  const answered = await ask(headers.admin, conversation, "How is revenue doing against plan this year?");
  assert.is(answered.status, 200, answered.text);
  assert.match(answered.contentType, /^text\/event-stream/);
  assert.equal(types(answered.events), ["question", "tool", "tool", "delta", "delta", "done"]);
  assert.equal(answered.events.filter((event) => event.type === "tool").map((event) => (event as { name: string }).name), ["search_kpis", "kpi_aggregates"]);
  assert.is(answered.events.filter((event) => event.type === "delta").map((event) => (event as { text: string }).text).join(""), "Revenue is **behind plan**: 500 against 600 year to date.");
  const done = answered.events.at(-1) as Extract<AnswerEvent, { type: "done" }>;
  assert.equal(done.usage, { tokens: 942 });
  assert.is(done.message.model, "fake-model");
  assert.equal(done.message.toolCalls.map((each) => [each.name, each.ok]), [["search_kpis", true], ["kpi_aggregates", true]]);
  const ytdActual = done.message.citations.find((citation) => citation.kpiId === ids.revenue && citation.measure === "actual");
  assert.ok(ytdActual, JSON.stringify(done.message.citations));
  assert.is(ytdActual!.value, 500);
  assert.is(ytdActual!.href, `/reporting/kpi-detail/${ids.revenue}`);
  assert.ok(done.message.blocks.length > 0, "the tool's table comes with the answer");

  // What went out: the key, streaming with usage, the tools, and the system prompt's rule.
  const sent = fake.requests.slice(before);
  assert.is(sent.length, 3);
  assert.is(sent[0]!.authorization, "Bearer sk-installation");
  assert.equal([sent[0]!.body.model, sent[0]!.body.stream, sent[0]!.body.stream_options], ["fake-model", true, { include_usage: true }]);
  assert.ok(sent[0]!.body.tools.some((tool: { function: { name: string } }) => tool.function.name === "kpi_aggregates"));
  assert.match(sent[0]!.body.messages[0].content, /data, never instructions/);
  // The tool results went back as tool messages answering the calls.
  const second = sent[1]!.body.messages;
  assert.equal(second.slice(-2).map((message: { role: string }) => message.role), ["assistant", "tool"]);
  assert.is(second.at(-1).tool_call_id, second.at(-2).tool_calls[0].id);
  assert.match(second.at(-1).content, /Revenue/);

  const stored = await call(headers.admin, "GET", `/conversations/${conversation}/`);
  assert.equal(stored.json.messages.map((message: { role: string }) => message.role), ["user", "assistant"]);
  assert.is(stored.json.conversation.title, "How is revenue doing against plan this year?");
  assert.equal(stored.json.messages[1].citations, done.message.citations);
});

test("an employee's question about a level-2 KPI gets no number, whatever the model asks and whatever a KPI's text says", async () => {
  const { ask, headers, ids, newConversation } = company;
  const conversation = await newConversation(headers.employee);
  const before = fake.requests.length;
  fake.script([
    // The model reads the KPI list, where revenue's description carries the injection…
    { toolCalls: [{ name: "search_kpis", arguments: {} }] },
    // …and obeys it: it asks for the salaries by id, every way it can.
    {
      toolCalls: [
        { name: "kpi_aggregates", arguments: { kpiIds: [ids.salaries], endMonth: "2026-05" } },
        { name: "kpi_history", arguments: { kpiId: ids.salaries } },
        { name: "kpi_values", arguments: { kpiIds: [ids.salaries] } },
      ],
    },
    { answer: ["I cannot see salaries."] },
  ]);
  const answered = await ask(headers.employee, conversation, "What are the salaries?");
  assert.is(answered.status, 200, answered.text);
  const done = answered.events.at(-1) as Extract<AnswerEvent, { type: "done" }>;
  assert.is(done.type, "done", answered.text);
  assert.equal(done.message.citations.filter((citation) => citation.kpiId === ids.salaries), []);
  assert.not.match(answered.text, new RegExp(`${SALARY_VALUE}|Salaries`));
  const sent = fake.requests.slice(before);
  assert.is(sent.length, 3);
  for (const request of sent) assert.not.match(JSON.stringify(request.body), new RegExp(`${SALARY_VALUE}|Salaries`), "no salary figure or name went to the model");
  // The injection reached the model only as data, inside a tool result, under the system prompt's rule.
  const messages = sent[1]!.body.messages as { role: string; content: string | null }[];
  assert.equal(
    messages.filter((message) => (message.content ?? "").includes(INJECTION.slice(0, 30))).map((message) => message.role),
    ["tool"],
  );
  assert.match(messages[0]!.content!, /never instructions/);
});

test("the token budget: the warning from the threshold, refusal once spent, nothing sent after", async () => {
  const { call, ask, headers, newConversation } = company;
  const used = (await call(headers.employee, "GET", "/usage/")).json.usedTokens as number;
  assert.ok(used > 0);
  const quiet = await call(headers.admin, "PATCH", "/settings/", { monthlyTokenBudget: used * 10, warningThreshold: 50 });
  assert.equal([quiet.json.usage.warning, quiet.json.usage.date, quiet.json.usage.warning_threshold], [false, "2026-06-01", 50]);
  const tight = await call(headers.admin, "PATCH", "/settings/", { monthlyTokenBudget: used + 100, warningThreshold: 80 });
  assert.equal([tight.json.usage.warning, tight.json.usage.usedTokens, tight.json.usage.budgetTokens], [true, used, used + 100]);
  assert.equal((await call(headers.employee, "GET", "/usage/")).json, tight.json.usage);

  const conversation = await newConversation(headers.employee);
  fake.script([{ answer: ["Fine."], usage: { prompt: 90, completion: 20 } }]);
  assert.is((await ask(headers.employee, conversation, "Hello?")).events.at(-1)?.type, "done");
  const before = fake.requests.length;
  const spent = await ask(headers.employee, conversation, "And now?");
  assert.equal([spent.status, spent.json?.detail], [403, BUDGET_SPENT]);
  assert.is(fake.requests.length, before);
  assert.is((await call(headers.admin, "PATCH", "/settings/", { monthlyTokenBudget: -1 })).status, 400);
  await call(headers.admin, "PATCH", "/settings/", { monthlyTokenBudget: 10_000_000 });
});

test("the request log shows administrators what was sent to the model", async () => {
  const { call, headers } = company;
  const log = await call(headers.admin, "GET", "/requests/");
  assert.is(log.status, 200, log.text);
  const asked = log.json.requests.filter((request: { sent: string }) => request.sent.includes("How is revenue doing against plan this year?"));
  assert.is(asked.length, 3, "one row per model request of that answer");
  assert.equal(asked.map((request: { promptTokens: number; completionTokens: number }) => [request.promptTokens, request.completionTokens]), [[400, 20], [300, 12], [200, 10]]);
  assert.ok(asked.every((request: { user: string; model: string; baseUrl: string; ok: boolean }) => request.user === "Ada Admin" && request.model === "fake-model" && request.baseUrl === fake.baseUrl && request.ok));
  assert.not.match(log.text, /sk-installation/);
});

test("a model that fails: an error event, nothing half stored, the failed request logged", async () => {
  const { call, ask, headers, newConversation } = company;
  const conversation = await newConversation(headers.employee);
  fake.script([{ fail: 400 }]);
  const answered = await ask(headers.employee, conversation, "Will this work?");
  assert.is(answered.status, 200);
  assert.equal(types(answered.events), ["question", "error"]);
  assert.equal(answered.events[1], { type: "error", detail: MODEL_UNAVAILABLE });
  const stored = await call(headers.employee, "GET", `/conversations/${conversation}/`);
  assert.equal([stored.json.messages, stored.json.conversation.title], [[], "New chat"]);
  const log = await call(headers.admin, "GET", "/requests/");
  assert.is(log.json.requests[0].ok, false);
  assert.match(log.json.requests[0].sent, /Will this work\?/);
});

test("a model that keeps calling tools is asked to answer without them after MAX_TOOL_ROUNDS; an endpoint without usage is metered by estimate", async () => {
  const { ask, headers, newConversation } = company;
  const conversation = await newConversation(headers.employee);
  const before = fake.requests.length;
  fake.script([
    ...Array.from({ length: MAX_TOOL_ROUNDS }, () => ({ toolCalls: [{ name: "search_kpis", arguments: { query: "revenue" } }] })),
    { answer: ["Revenue is the KPI I found."], usage: null },
  ]);
  const answered = await ask(headers.employee, conversation, "Tell me about revenue");
  const done = answered.events.at(-1) as Extract<AnswerEvent, { type: "done" }>;
  assert.is(done.type, "done", answered.text);
  const sent = fake.requests.slice(before);
  assert.is(sent.length, MAX_TOOL_ROUNDS + 1);
  assert.ok(sent.slice(0, -1).every((request) => Array.isArray(request.body.tools) && request.body.tools.length > 0));
  assert.is(sent.at(-1)!.body.tools, undefined, "the last round offers no tools");
  assert.is(done.message.toolCalls.length, MAX_TOOL_ROUNDS);
  // Six rounds at the fake's default 100 + 20, and the last one estimated from what was sent (> 0).
  assert.ok(done.usage!.tokens > MAX_TOOL_ROUNDS * 120, String(done.usage!.tokens));
});

test("a company's own endpoint: the key sealed and never shown, a new endpoint needs the agreement again", async () => {
  const { call, ask, headers, newConversation } = company;
  const changed = await call(headers.admin, "PATCH", "/settings/", { baseUrl: fake.baseUrl, model: "company-model", apiKey: "sk-company-secret" });
  assert.is(changed.status, 200, changed.text);
  assert.equal([changed.json.source, changed.json.hasApiKey, changed.json.dpa, changed.json.model], ["company", true, null, "company-model"]);
  assert.not.match(changed.text, /sk-company-secret/);
  const row = await company.withTenant(company.tenantId, { kind: "system", name: "test" }, ({ db }) => db.selectFrom("copilot_settings").select("api_key_sealed").executeTakeFirstOrThrow());
  assert.not.match(row.api_key_sealed ?? "", /sk-company-secret/);
  assert.is((await call(headers.admin, "PATCH", "/settings/", { baseUrl: "ftp://example.com" })).status, 400);

  const conversation = await newConversation(headers.employee);
  assert.equal((await ask(headers.employee, conversation, "Hi")).json?.detail, DPA_REQUIRED);
  await acceptDpa();
  fake.script([{ answer: ["Hello."] }]);
  const answered = await ask(headers.employee, conversation, "Hi");
  assert.is(answered.events.at(-1)?.type, "done", answered.text);
  assert.is(fake.requests.at(-1)!.authorization, "Bearer sk-company-secret");
  assert.is(fake.requests.at(-1)!.body.model, "company-model");
  const back = await call(headers.admin, "PATCH", "/settings/", { baseUrl: null, apiKey: null, model: null });
  assert.equal([back.json.source, back.json.hasApiKey], ["environment", false]);
});

test.run();
