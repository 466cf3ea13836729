// An answer's text: light markdown drawn as elements, never the model's HTML.
import { cleanup, render } from "@testing-library/react";
import { ThemeProvider } from "styled-components";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { formatCopilotValue, MessageText } from "../../../../../src/client/features/copilot/views/answer-view";
import { DARK } from "../../../../../src/client/ui/theme";

test.after.each(() => cleanup());

const draw = (text: string) => render(<ThemeProvider theme={DARK}><div data-testid="text"><MessageText text={text} /></div></ThemeProvider>).getByTestId("text");

test("a line, then a list right under it; numbered lists; **bold**", () => {
  const text = draw("I can answer:\n- which KPIs are **behind** plan;\n- the cash runway.\n\n1. Revenue\n2. EBIT");
  assert.equal([...text.children].map((child) => child.tagName), ["P", "UL", "OL"]);
  assert.equal([...text.querySelectorAll("ul li")].map((item) => item.textContent), ["which KPIs are behind plan;", "the cash runway."]);
  assert.is(text.querySelector("ul strong")?.textContent, "behind");
  assert.equal([...text.querySelectorAll("ol li")].map((item) => item.textContent), ["Revenue", "EBIT"]);
});

test("HTML in an answer stays text", () => {
  const text = draw('Revenue <img src=x onerror="alert(1)"> is <b>up</b>');
  assert.is(text.querySelector("img"), null);
  assert.is(text.querySelector("b"), null);
  assert.ok(text.textContent?.includes("<img src=x"));
});

test("a unit: a currency code as money, % as a percentage, KPI units as the KPI screens write them", () => {
  assert.equal([formatCopilotValue(1_250_000, "EUR"), formatCopilotValue(-12.5, "%"), formatCopilotValue(-12.5, "percentage"), formatCopilotValue(43, "days"), formatCopilotValue(null, "EUR")], ["€ 1.25M", "−12.5 %", "−12.5 %", "43 d", "–"]);
});

test.run();
