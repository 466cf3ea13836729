import type { KpiAction, KpiComment } from "../../../../src/contracts/collaboration";

export const comment = (id: number, overrides: Partial<KpiComment> = {}): KpiComment => ({
  id,
  kpiId: 7,
  month: null,
  author: { id: 1, name: "Ada Administrator" },
  text: `Comment ${id}`,
  pinned: false,
  createdAt: `2026-11-2${id}T10:00:00.000Z`,
  editedAt: null,
  actionId: null,
  mayEdit: true,
  mayDelete: true,
  ...overrides,
});

export const action = (id: number, overrides: Partial<KpiAction> = {}): KpiAction => ({
  id,
  kpiId: 7,
  kpiName: "Revenue",
  commentId: 1,
  month: null,
  title: "Check the pipeline",
  assignedUser: { id: 2, name: "Carl CLevel" },
  status: "open",
  dueDate: null,
  createdBy: { id: 1, name: "Ada Administrator" },
  createdAt: "2026-11-25T10:00:00.000Z",
  updatedAt: "2026-11-25T10:00:00.000Z",
  doneAt: null,
  commentCount: 0,
  overdue: false,
  mayChange: true,
  ...overrides,
});
