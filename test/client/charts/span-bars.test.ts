import { test } from "uvu";
import * as assert from "uvu/assert";
import { bridgeRows, ROW_HEIGHT, spanGeometry } from "../../../src/client/charts/span-bars";

const bridge = bridgeRows({ label: "May", value: 70, text: "70 %" }, [{ label: "Profit", effect: 4, text: "+4", kind: "good" }, { label: "Revenue", effect: -7, text: "−7", kind: "bad" }], { label: "Jun", value: 67, text: "67 %" });

test("a bridge: each effect floats from the running total", () => {
  assert.equal(bridge.map((row) => [row.label, row.from, row.to]), [["May", 0, 70], ["Profit", 70, 74], ["Revenue", 74, 67], ["Jun", 0, 67]]);
});

test("small effects on a large total: the axis starts near the data and says where", () => {
  const geometry = spanGeometry(bridge, 600, { connect: true });
  assert.ok(geometry.axisStart !== null && geometry.axisStart > 60 && geometry.axisStart < 67, `axis starts at ${geometry.axisStart}`);
  const [may, profit, revenue, jun] = geometry.rects;
  assert.is(may!.x, geometry.labelWidth, "a total starts at the axis");
  assert.ok(profit!.width > 20 && revenue!.width > 20, "the effects can be seen");
  assert.ok(Math.abs(revenue!.x - jun!.x - jun!.width) < 1e-9, "the last step ends where the value ends");
  assert.is(geometry.connectors.length, 3);
  assert.is(geometry.height, 4 * ROW_HEIGHT);
});

test("bars from zero, and a bridge crossing zero, keep zero on the axis", () => {
  const bars = spanGeometry([{ label: "North", from: 0, to: 30, kind: "total", text: "30" }, { label: "South", from: 0, to: 12, kind: "total", text: "12" }], 600, { connect: false });
  assert.is(bars.axisStart, null);
  assert.is(bars.rects[0]!.x, bars.zeroX);
  assert.ok(bars.rects[0]!.width > bars.rects[1]!.width);
  const crossing = spanGeometry(bridgeRows({ label: "A", value: 5, text: "" }, [{ label: "E", effect: -10, text: "", kind: "bad" }], { label: "B", value: -5, text: "" }), 600, { connect: true });
  assert.is(crossing.axisStart, null);
});

test.run();
