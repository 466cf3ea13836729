import { SCENARIO_APPROVED, SCENARIO_NOT_FOUND } from "../../../contracts/liquidity";
import type { Permission } from "../../../domain/permissions/catalogue";
import type { TenantContext } from "../../db/tenancy";
import { forbidden, HttpError, notFound } from "../../platform/http/errors";
import { needs } from "../../platform/http/route";

/**
 * Who may do what with liquidity scenarios (contracts/liquidity.ts, header comment). Every route
 * needs access_liquidity_planning: held directly (the per-user grant), through a group, or
 * implied by access_liquidity_planning_admin. Within it:
 * - read: liquidity administrators (and staff), the author, the read and write users;
 * - edit (drafts only): administrators, the author, write users holding write_liquidity_scenarios;
 * - approve (drafts only): readers holding approve_liquidity_scenarios;
 * - delete (drafts only): administrators and the author;
 * - create, duplicate, merge: write_liquidity_scenarios (administrators hold it by implication).
 * A scenario the person may not read answers 404 SCENARIO_NOT_FOUND, as one that does not exist.
 */
export const LIQUIDITY_ACCESS = needs("access_liquidity_planning");

export interface LiquidityReader {
  readonly userId: number;
  readonly isStaff: boolean;
  readonly permissions: ReadonlySet<Permission>;
}

export const isLiquidityAdmin = (reader: LiquidityReader) => reader.isStaff || reader.permissions.has("access_liquidity_planning_admin");
export const mayCreateScenarios = (reader: LiquidityReader) => isLiquidityAdmin(reader) || reader.permissions.has("write_liquidity_scenarios");

/** What a scenario's access depends on. */
export interface ScenarioAccessFacts {
  readonly authorId: number | null;
  readonly status: "draft" | "approved";
  readonly readUserIds: readonly number[];
  readonly writeUserIds: readonly number[];
}

export function scenarioRights(reader: LiquidityReader, scenario: ScenarioAccessFacts) {
  const admin = isLiquidityAdmin(reader);
  const author = scenario.authorId === reader.userId;
  const writeUser = scenario.writeUserIds.includes(reader.userId);
  const canRead = admin || author || writeUser || scenario.readUserIds.includes(reader.userId);
  const draft = scenario.status === "draft";
  const mayChange = admin || author || (writeUser && reader.permissions.has("write_liquidity_scenarios"));
  return {
    canRead,
    /** May change it were it a draft. */
    mayChange: canRead && mayChange,
    canEdit: canRead && draft && mayChange,
    canApprove: canRead && draft && (reader.isStaff || reader.permissions.has("approve_liquidity_scenarios")),
    canDelete: canRead && draft && (admin || author),
  };
}

export type ScenarioNeed = "read" | "edit" | "approve" | "delete";

/**
 * Refuses what `need` does not allow: not readable → 404, approved (for a change) → 409, readable
 * but not allowed → 403.
 */
export function requireRight(reader: LiquidityReader, scenario: ScenarioAccessFacts, need: ScenarioNeed): void {
  const rights = scenarioRights(reader, scenario);
  if (!rights.canRead) throw notFound(SCENARIO_NOT_FOUND);
  if (need === "read") return;
  if (scenario.status === "approved") throw new HttpError(409, { detail: SCENARIO_APPROVED });
  const allowed = need === "edit" ? rights.canEdit : need === "approve" ? rights.canApprove : rights.canDelete;
  if (!allowed) throw forbidden();
}

/** The people who may read a scenario but are not administrators: whom its events are for (with the administrators). */
export const namedReaders = (scenario: ScenarioAccessFacts) => [...new Set([...(scenario.authorId === null ? [] : [scenario.authorId]), ...scenario.readUserIds, ...scenario.writeUserIds])];

/** The refusal of the approved-scenario lock (migration 0036, SQLSTATE LQ001) and the named unique indexes, as answers. */
export function databaseRefusal(error: unknown, uniques: Readonly<Record<string, () => HttpError>> = {}): HttpError | null {
  if (typeof error !== "object" || error === null) return null;
  const { code, constraint, message } = error as { code?: string; constraint?: string; message?: string };
  if (code === "LQ001") return new HttpError(409, { detail: SCENARIO_APPROVED });
  if (code === "23505") {
    for (const [name, answer] of Object.entries(uniques)) if (constraint === name || message?.includes(name)) return answer();
  }
  return null;
}

/** Runs a write, turning the database's refusals into their answers. */
export async function guarded<T>(work: () => Promise<T>, uniques: Readonly<Record<string, () => HttpError>> = {}): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw databaseRefusal(error, uniques) ?? error;
  }
}

export type { TenantContext };
