// The dashboard and card these tests start from: one canvas board (id 7) with two stacked cards that Ada owns and
// may edit. Each test overrides only what it is about.
import type { CustomDashboard, DashboardCard } from "../../../../src/contracts/custom-dashboards";

export const card = (id: number, x: number, y: number, w: number, h: number, title = `Card ${id}`): DashboardCard => ({ id, title, content: { type: "text", text: "" }, position: id - 1, layout: { x, y, w, h } });

export const board = (overrides: Partial<CustomDashboard> = {}): CustomDashboard => ({
  id: 7,
  name: "Board",
  kind: "canvas",
  locked: false,
  owner: { id: 1, name: "Ada Administrator" },
  cardCount: 2,
  position: 0,
  updatedAt: "2026-11-20T10:00:00.000Z",
  canEdit: true,
  canManage: true,
  revision: 3,
  cards: [card(1, 0, 0, 4, 3), card(2, 0, 3, 4, 3)],
  shares: [],
  ...overrides,
});
