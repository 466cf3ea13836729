import type { KeyResult, Objective } from "../../../../src/contracts/okrs";

/** An objective as the API answers it, with what a test changes. */
export const objective = (overrides: Partial<Objective> = {}): Objective => ({
  id: 1,
  level: "corporate",
  category: null,
  owner: null,
  title: "Grow revenue",
  description: "",
  startsOn: "2026-01-01",
  endsOn: "2026-12-31",
  position: 0,
  statusId: null,
  parents: [],
  children: [],
  responsibles: [],
  progress: null,
  keyResults: [],
  milestones: [],
  createdAt: "2026-01-02T10:00:00.000Z",
  updatedAt: "2026-01-02T10:00:00.000Z",
  mayEdit: true,
  ...overrides,
});

export const keyResult = (overrides: Partial<KeyResult> = {}): KeyResult => ({
  id: 11,
  objectiveId: 1,
  title: "Deals won",
  direction: "increasing",
  unit: "",
  start: 0,
  target: 100,
  actual: 40,
  progress: 40,
  kpi: null,
  responsible: null,
  statusId: null,
  position: 0,
  confidence: null,
  lastCheckInAt: null,
  updatedAt: "2026-01-02T10:00:00.000Z",
  ...overrides,
});

export const YEAR_2026 = { level: null, categoryId: null, ownerUserId: null, from: "2026-01-01", to: "2026-12-31" } as const;
