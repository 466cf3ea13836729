// The chat screen: an answer shows its text, its chart (drawn, with its table for screen readers)
// and the numbers it used as links to the KPI details; the usage warning; Enter sends and
// Shift+Enter does not; the composer is disabled while an answer comes.
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { ThemeProvider } from "styled-components";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Route, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { tokenWarningText, type ChatMessage } from "../../../../../src/contracts/copilot";
import { initialState } from "../../../../../src/client/app/state";
import { BusContext } from "../../../../../src/client/bus/use-model";
import ChatScreen from "../../../../../src/client/features/copilot/views/chat-screen";
import { ConfirmProvider } from "../../../../../src/client/ui/confirm";
import { LIGHT } from "../../../../../src/client/ui/theme";
import { json } from "../../../effect/fake-server";
import { settle, signIn, testClient } from "../../../support/harness";
import { demoCompany, profileWith } from "../../../support/session-fixtures";

test.after.each(() => cleanup());

const person = { ...initialState, session: { ...initialState.session, stage: "ready" as const, company: demoCompany(), profile: profileWith(["access_copilot_chat"]) } };
const summary = { id: 3, title: "Behind plan", createdAt: "2026-11-27T10:00:00.000Z", updatedAt: "2026-11-27T10:00:00.000Z", messageCount: 2 };
const question: ChatMessage = { id: 1, role: "user", content: "Which KPIs are furthest behind plan this year?", createdAt: "2026-11-27T10:00:00.000Z", citations: [], blocks: [], toolCalls: [], model: null, snapshot: { title: "Revenue (KPI detail)", path: "/reporting/kpi-detail/3" } };
const answer: ChatMessage = {
  id: 2,
  role: "assistant",
  content: "The KPIs furthest behind plan year to date:\n\n1. **Revenue**: 12.5 % behind\n2. **EBITDA**: 8.0 % behind",
  createdAt: "2026-11-27T10:00:01.000Z",
  citations: [
    { kpiId: 3, kpiName: "Revenue", period: "YTD Oct 2026", measure: "deviation from plan", value: -12.5, unit: "percentage", href: "/reporting/kpi-detail/3" },
    { kpiId: 9, kpiName: "EBITDA", period: "YTD Oct 2026", measure: "actual", value: 1_250_000, unit: "EUR", href: "/reporting/kpi-detail/9" },
  ],
  blocks: [
    { kind: "chart", title: "Deviation from plan", chart: "bar", unit: "%", series: [{ name: "Deviation", points: [{ label: "Revenue", value: -12.5 }, { label: "EBITDA", value: -8 }] }] },
    { kind: "table", title: "Behind plan", columns: ["KPI", "Actual", "Plan"], rows: [["Revenue", 875, 1000]] },
  ],
  toolCalls: [{ name: "kpis_behind_plan", arguments: "{}", ok: true }],
  model: "offline",
  snapshot: null,
};

async function renderChat(routes: Parameters<typeof testClient>[0]) {
  const client = testClient(
    {
      "GET /ai-api/conversations/": () => json(200, { conversations: [summary] }),
      "GET /ai-api/conversations/3/": () => json(200, { conversation: summary, messages: [question, answer] }),
      "GET /ai-api/usage/": () => json(200, { warning: true, warning_threshold: 80, date: "2026-11", usedTokens: 412_000, budgetTokens: 500_000 }),
      ...routes,
    },
    { state: person },
  );
  signIn(client);
  render(
    <BusContext.Provider value={client.bus}>
      <ThemeProvider theme={LIGHT}>
        <ConfirmProvider>
          <Router hook={memoryLocation({ path: "/chat/3", static: true }).hook}>
            <Route path="/chat/:conversationId?">
              <ChatScreen />
            </Route>
          </Router>
        </ConfirmProvider>
      </ThemeProvider>
    </BusContext.Provider>,
  );
  await act(() => settle());
  await act(() => settle());
  return client;
}

test("an answer: its text, a drawn chart with its table, a table, and each number a link to its KPI", async () => {
  await renderChat({});
  const sources = screen.getByRole("list", { name: "Sources" });
  const links = within(sources).getAllByRole("link");
  assert.equal(links.map((link) => [link.textContent, link.getAttribute("href")]), [["Revenue", "/reporting/kpi-detail/3"], ["EBITDA", "/reporting/kpi-detail/9"]]);
  assert.ok(sources.textContent?.includes("−12.5 %"), sources.textContent ?? "");
  assert.ok(sources.textContent?.includes("€ 1.25M"), sources.textContent ?? "");
  const chart = screen.getByTestId("answer-chart");
  assert.is(chart.querySelectorAll("rect[data-series]").length, 2, "one bar per KPI");
  assert.ok(within(chart).getByRole("img", { name: /Bar chart: Deviation from plan/ }));
  assert.ok(within(chart).getByRole("table"), "the chart's values as a table");
  assert.ok(screen.getByRole("table", { name: "Behind plan" }));
  assert.is(screen.getAllByText("Revenue", { selector: "strong" }).length, 1, "**bold** is drawn, never HTML");
  assert.ok(screen.getByRole("link", { name: "Revenue (KPI detail)" }), "the attached snapshot links to its screen");
  assert.ok(screen.getByText(tokenWarningText(82)));
  assert.ok(screen.getByText("Answered by the built-in analyst"));
});

test("Enter asks, Shift+Enter does not; the composer waits while the answer comes", async () => {
  let release: () => void = () => {};
  let close: () => void = () => {};
  const encoder = new TextEncoder();
  const client = await renderChat({
    "POST /ai-api/conversations/3/messages/": () =>
      new Promise<Response>((resolve) => {
        release = () =>
          resolve(
            new Response(
              new ReadableStream<Uint8Array>({
                start(controller) {
                  controller.enqueue(encoder.encode(`data: ${JSON.stringify({ type: "tool", name: "kpi_aggregates", arguments: "{}" })}\n\ndata: ${JSON.stringify({ type: "delta", text: "Revenue is" })}\n\n`));
                  close = () => controller.close();
                },
              }),
              { status: 200, headers: { "content-type": "text/event-stream" } },
            ),
          );
      }),
  });
  const box = screen.getByLabelText("Your question") as HTMLTextAreaElement;
  fireEvent.change(box, { target: { value: "What is the cash runway?" } });
  fireEvent.keyDown(box, { key: "Enter", shiftKey: true });
  await act(() => settle());
  assert.is(client.server.calls.filter((call) => call.method === "POST").length, 0, "Shift+Enter is a new line");
  fireEvent.keyDown(box, { key: "Enter" });
  await act(() => settle());
  assert.is(client.server.calls.filter((call) => call.method === "POST").length, 1);
  assert.is(box.disabled, true, "disabled while answering");
  release();
  await act(() => settle());
  await act(() => settle());
  const pending = screen.getByTestId("pending-answer");
  assert.ok(within(pending).getByText("Looking up: kpi_aggregates"));
  assert.ok(within(pending).getByText("Revenue is"));
  close();
  await act(() => settle());
  // The stream ended without its final message: said, and the composer is free again.
  assert.ok(screen.getByRole("alert").textContent?.includes("stopped before it was complete"));
  assert.is((screen.getByLabelText("Your question") as HTMLTextAreaElement).disabled, false);
});

test.run();
