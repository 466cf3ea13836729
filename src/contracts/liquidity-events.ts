import { Schema } from "@effect/schema";

/**
 * The domain events of liquidity planning (issue 17), as the live stream delivers them: only to
 * people who may read the scenario (its author, its read and write users, liquidity
 * administrators), and then without the list of who may. The client reloads what it shows of
 * `scenarioId` (or the list) when one arrives.
 */
export const LIQUIDITY_SCENARIO_CREATED = "LiquidityScenarioCreated";
export const LIQUIDITY_SCENARIO_CHANGED = "LiquidityScenarioChanged";
export const LIQUIDITY_SCENARIO_APPROVED = "LiquidityScenarioApproved";
export const LIQUIDITY_SCENARIO_DELETED = "LiquidityScenarioDeleted";
/** A new scenario was made from two (`mergedFrom`); neither changed. */
export const LIQUIDITY_SCENARIOS_MERGED = "LiquidityScenariosMerged";
export const LIQUIDITY_HEADCOUNT_CHANGED = "LiquidityHeadcountChanged";
export const LIQUIDITY_EXPENSES_CHANGED = "LiquidityExpensesChanged";

export const LIQUIDITY_EVENTS = [
  LIQUIDITY_SCENARIO_CREATED,
  LIQUIDITY_SCENARIO_CHANGED,
  LIQUIDITY_SCENARIO_APPROVED,
  LIQUIDITY_SCENARIO_DELETED,
  LIQUIDITY_SCENARIOS_MERGED,
  LIQUIDITY_HEADCOUNT_CHANGED,
  LIQUIDITY_EXPENSES_CHANGED,
] as const;
export type LiquidityEventType = (typeof LIQUIDITY_EVENTS)[number];

/** What a liquidity event carries to its readers. */
export const LiquidityEventPayload = Schema.Struct({
  scenarioId: Schema.Number,
  /** The two sources of a merge; empty otherwise. */
  mergedFrom: Schema.Array(Schema.Number),
});
export type LiquidityEventPayload = typeof LiquidityEventPayload.Type;
