// A fresh install with no model configured: the built-in offline analyst answers through the same
// route, stream and storage, costs no tokens, needs no data processing agreement, works when the
// budget is spent, and never hands an employee a number they may not read.
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { AnswerEvent } from "../../../../src/contracts/copilot";
import { copilotCompany, SALARY_VALUE, type CopilotCompany } from "./copilot-fixture";

let company: CopilotCompany;
test.before(async () => {
  company = await copilotCompany(undefined);
});
test.after(async () => {
  await company.app.close();
});

const doneOf = (events: readonly AnswerEvent[]) => {
  const last = events.at(-1);
  if (last?.type !== "done") throw new Error(`no answer: ${JSON.stringify(events)}`);
  return last;
};

test("which KPIs are furthest behind plan this year: a cited answer from the offline analyst, no tokens, nothing sent anywhere", async () => {
  const { call, ask, headers, ids, newConversation } = company;
  const settings = await call(headers.admin, "GET", "/settings/");
  assert.equal([settings.json.source, settings.json.dpa], ["offline", null]);
  // A spent budget stops external models only.
  await call(headers.admin, "PATCH", "/settings/", { monthlyTokenBudget: 0 });

  const conversation = await newConversation(headers.admin);
  const answered = await ask(headers.admin, conversation, "Which KPIs are furthest behind plan this year?");
  assert.is(answered.status, 200, answered.text);
  assert.equal(answered.events[0]!.type, "question");
  const done = doneOf(answered.events);
  assert.is(done.message.model, "offline");
  assert.is(done.usage, null);
  assert.ok(done.message.toolCalls.length > 0, "answered from the tools");
  assert.ok(answered.events.some((event) => event.type === "tool"));
  assert.is(answered.events.filter((event) => event.type === "delta").map((event) => (event as { text: string }).text).join(""), done.message.content);
  assert.match(done.message.content, /Revenue/);
  const cited = done.message.citations.filter((citation) => citation.kpiId === ids.revenue);
  assert.ok(cited.length > 0, JSON.stringify(done.message.citations));
  assert.ok(cited.every((citation) => citation.href === `/reporting/kpi-detail/${ids.revenue}`));

  const stored = await call(headers.admin, "GET", `/conversations/${conversation}/`);
  assert.equal(stored.json.messages.map((message: { role: string; model: string | null }) => [message.role, message.model]), [["user", null], ["assistant", "offline"]]);
  assert.equal((await call(headers.admin, "GET", "/requests/")).json.requests, []);
  assert.is((await call(headers.admin, "GET", "/usage/")).json.usedTokens, 0);
});

test("the offline analyst gives an employee no number of a level-2 KPI", async () => {
  const { ask, headers, ids, newConversation } = company;
  // The administrator, who reads every level, is told the salaries: the refusal below is the permission's.
  const adminsAnswer = await ask(headers.admin, await newConversation(headers.admin), "Show salaries over the last 12 months");
  assert.ok(doneOf(adminsAnswer.events).message.citations.some((citation) => citation.kpiId === ids.salaries), adminsAnswer.text);
  const conversation = await newConversation(headers.employee);
  for (const question of ["Show salaries over the last 12 months", "How are salaries doing against plan this year?", "Which KPIs are furthest behind plan this year?"]) {
    const answered = await ask(headers.employee, conversation, question);
    const done = doneOf(answered.events);
    assert.not.match(answered.text, new RegExp(String(SALARY_VALUE)), question);
    assert.not.match(answered.text, /Salaries/, question);
    assert.equal(done.message.citations.filter((citation) => citation.kpiId === ids.salaries), [], question);
  }
});

test("a snapshot travels with the question and is stored with it", async () => {
  const { call, ask, headers, ids, newConversation } = company;
  const conversation = await newConversation(headers.employee);
  const snapshot = { title: "Revenue", path: `/reporting/kpi-detail/${ids.revenue}`, kpis: [{ kpiId: ids.revenue, name: "Revenue", period: "May 2026", values: [{ label: "Actual", value: 100 }] }] };
  const answered = await ask(headers.employee, conversation, "What does this show?", { snapshot });
  assert.is(answered.status, 200, answered.text);
  assert.equal((answered.events[0] as Extract<AnswerEvent, { type: "question" }>).message.snapshot, { title: "Revenue", path: snapshot.path });
  doneOf(answered.events);
  const stored = await call(headers.employee, "GET", `/conversations/${conversation}/`);
  assert.equal(stored.json.messages[0].snapshot, { title: "Revenue", path: snapshot.path });
});

test.run();
