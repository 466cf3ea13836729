import type { Permission } from "./catalogue";

/** KPI sensitivity levels 0 to 3 (spec section 6). */
export type Sensitivity = 0 | 1 | 2 | 3;

/**
 * Who reads a KPI of a level: level 3 needs read_super_sensitive, 2 read_most_sensitive, 1 most
 * or sensitive, 0 any of the three. With implied permissions resolved (higher include lower), the
 * level's own permission is the check. Writing needs the write_* equivalent.
 */
const READ: readonly Permission[] = ["read_non_sensitive", "read_sensitive", "read_most_sensitive", "read_super_sensitive"];
const WRITE: readonly Permission[] = ["write_non_sensitive", "write_sensitive", "write_most_sensitive", "write_super_sensitive"];

export const canReadSensitivity = (permissions: ReadonlySet<Permission>, level: number) => permissions.has(READ[level] ?? "read_super_sensitive");
export const canWriteSensitivity = (permissions: ReadonlySet<Permission>, level: number) => permissions.has(WRITE[level] ?? "write_super_sensitive");
