import type { Permission } from "../permissions/catalogue";
import { canReadSensitivity } from "../permissions/sensitivity";

/**
 * The highest KPI sensitivity a reader may read (-1: none). Higher read permissions include the
 * lower ones, so every level up to it is readable too; staff read all.
 */
export function readableLevel(reader: { readonly isStaff: boolean; readonly permissions: ReadonlySet<Permission> }): number {
  if (reader.isStaff) return 3;
  for (let level = 3; level >= 0; level -= 1) if (canReadSensitivity(reader.permissions, level)) return level;
  return -1;
}

/**
 * The level a query for a KPI runs at: what the builder may read, and never above the KPI's own
 * level. Otherwise a query could copy level-2 values into a level-0 KPI that everyone reads.
 */
export const queryLevel = (builderLevel: number, kpiSensitivity: number) => Math.min(builderLevel, kpiSensitivity);
