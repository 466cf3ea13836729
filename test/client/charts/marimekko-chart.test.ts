import { test } from "uvu";
import * as assert from "uvu/assert";
import { marimekkoGeometry } from "../../../src/client/charts/marimekko-chart";

test("columns as wide as their share, segments as tall as their share of the column; empty columns take no room", () => {
  const geometry = marimekkoGeometry({
    width: 452,
    height: 234,
    columns: [
      { key: "won", label: "Won", weight: 300, segments: [{ key: "small", value: 100 }, { key: "large", value: 200 }] },
      { key: "lead", label: "Lead", weight: 0, segments: [{ key: "small", value: 0 }, { key: "large", value: 0 }] },
      { key: "lost", label: "Lost", weight: 100, segments: [{ key: "small", value: 100 }, { key: "large", value: 0 }] },
    ],
  });
  assert.equal(geometry.plot, { left: 44, right: 444, top: 8, bottom: 208 });
  // 400 px less one 2 px gap: 398 px, split 3 : 1.
  assert.equal(geometry.rects.map((rect) => [rect.column, rect.segment, rect.x, rect.y, rect.width, rect.height]), [
    ["won", "small", 44, 141.3, 298.5, 66.7],
    ["won", "large", 44, 8, 298.5, 133.3],
    ["lost", "small", 344.5, 8, 99.5, 200],
  ]);
  assert.equal(geometry.labels.map((label) => [label.column, label.x]), [["won", 193.3], ["lost", 394.3]]);
  assert.equal(geometry.ticks.map((tick) => [tick.label, tick.y]), [["0 %", 208], ["25 %", 158], ["50 %", 108], ["75 %", 58], ["100 %", 8]]);
});

test("a label that does not fit its column is left to the table and the tooltip; nothing at all draws nothing", () => {
  const narrow = marimekkoGeometry({ width: 200, height: 100, columns: [{ key: "a", label: "Negotiation", weight: 1, segments: [{ key: "s", value: 1 }] }, { key: "b", label: "Won", weight: 99, segments: [{ key: "s", value: 1 }] }] });
  assert.equal(narrow.labels.map((label) => label.column), ["b"]);
  const empty = marimekkoGeometry({ width: 200, height: 100, columns: [{ key: "a", label: "A", weight: 0, segments: [] }] });
  assert.equal([empty.rects, empty.labels], [[], []]);
});

test.run();
