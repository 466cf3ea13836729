import { DEAL_STAGES, OPEN_STAGES } from "../../contracts/warehouse";

/**
 * The stages of a deal, in the order a deal moves through them: a lead becomes a marketing
 * qualified lead (MQL), then a sales qualified lead (SQL), gets a proposal, is negotiated and is
 * won. A deal can be lost at any stage. The list is fixed for every company: the funnel charts,
 * conversion rates and snapshots compare stages across months and companies, which a per-company
 * list would break.
 */
export { DEAL_STAGES };
export type DealStage = (typeof DEAL_STAGES)[number];

/** Stages of a deal still in the pipeline. */
export { OPEN_STAGES };
export type OpenStage = (typeof OPEN_STAGES)[number];

/** The stages a deal passes on the way to being won: the funnel of the stage percentages. */
export const FUNNEL_STAGES = ["lead", "mql", "sql", "proposal", "negotiation", "won"] as const satisfies readonly DealStage[];
export type FunnelStage = (typeof FUNNEL_STAGES)[number];

export const STAGE_LABEL: Readonly<Record<DealStage, string>> = {
  lead: "Lead",
  mql: "MQL",
  sql: "SQL",
  proposal: "Proposal",
  negotiation: "Negotiation",
  won: "Won",
  lost: "Lost",
};

/**
 * How likely a deal in a stage is to be won: the weight of the weighted pipeline. Common CRM
 * defaults; a company's own rates show in the stage percentages.
 */
export const STAGE_PROBABILITY: Readonly<Record<DealStage, number>> = {
  lead: 0.05,
  mql: 0.1,
  sql: 0.25,
  proposal: 0.5,
  negotiation: 0.75,
  won: 1,
  lost: 0,
};

export const isOpenStage = (stage: DealStage | null): stage is OpenStage => stage !== null && (OPEN_STAGES as readonly string[]).includes(stage);

/** A funnel stage's position (lead 0 … won 5). */
export const funnelIndex = (stage: FunnelStage) => FUNNEL_STAGES.indexOf(stage);

/** A stage as a file writes it: its name or key in any case ("Negotiation", "SQL", "sql"); null when it is none. */
export function stageFromText(text: string): DealStage | null {
  const wanted = text.trim().toLowerCase();
  return DEAL_STAGES.find((stage) => stage === wanted || STAGE_LABEL[stage].toLowerCase() === wanted) ?? null;
}
