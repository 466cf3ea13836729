import { permissionsOf } from "../../platform/auth/permissions";
import type { EventFilter } from "../../platform/events/stream-route";
import { ANALYTICS_PERMISSIONS, UPLOAD_PERMISSIONS } from "./warehouse-access";

/** Warehouse changes reach those who may load raw data or read the analytics, nobody else. */
const warehouseReadersFilter: EventFilter = async (payload, context, userId) => {
  const reader = await permissionsOf(context, userId);
  return reader.isStaff || [...ANALYTICS_PERMISSIONS, ...UPLOAD_PERMISSIONS].some((permission) => reader.permissions.has(permission)) ? payload : null;
};

export const warehouseEventFilters = {
  WarehouseDataUploaded: warehouseReadersFilter,
  WarehouseSnapshotTaken: warehouseReadersFilter,
  WarehouseSnapshotDeleted: warehouseReadersFilter,
} satisfies Readonly<Record<string, EventFilter>>;
