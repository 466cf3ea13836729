import { test } from "uvu";
import * as assert from "uvu/assert";
import { deletionRefusal, type UnitReference } from "../../../src/domain/organization/unit-deletion";

const teams = (count: number): UnitReference => ({ singular: "team", plural: "teams", count });
const scenarios = (count: number): UnitReference => ({ singular: "liquidity scenario", plural: "liquidity scenarios", count });
const categories = (count: number): UnitReference => ({ singular: "OKR category", plural: "OKR categories", count });

test("a unit nothing refers to may be deleted; otherwise one sentence names every kind that refers to it", () => {
  const table: [UnitReference[], string | null][] = [
    [[], null],
    [[teams(0), scenarios(0)], null],
    [[teams(1)], 'The department "Sales" cannot be deleted while 1 team refers to it.'],
    [[teams(2)], 'The department "Sales" cannot be deleted while 2 teams refer to it.'],
    [[teams(2), scenarios(0), categories(1)], 'The department "Sales" cannot be deleted while 2 teams and 1 OKR category refer to it.'],
    [[teams(1), scenarios(1)], 'The department "Sales" cannot be deleted while 1 team and 1 liquidity scenario refer to it.'],
    [[teams(3), scenarios(2), categories(1)], 'The department "Sales" cannot be deleted while 3 teams, 2 liquidity scenarios and 1 OKR category refer to it.'],
  ];
  for (const [references, expected] of table) assert.is(deletionRefusal("department", "Sales", references), expected, JSON.stringify(references));
  assert.is(deletionRefusal("team", "EMEA", [scenarios(1)]), 'The team "EMEA" cannot be deleted while 1 liquidity scenario refers to it.');
});

test.run();
