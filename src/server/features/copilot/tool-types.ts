import type { AnswerBlock, Citation, Snapshot } from "../../../contracts/copilot";
import type { TenantContext } from "../../db/tenancy";
import type { Reader } from "../kpis/kpi-service";

/**
 * SEAM (issue 18): the agreement between the copilot's conversation loop (copilot-service:
 * model calls, streaming, budget) and its tools and offline analyst (tools/, offline-analyst).
 *
 * A tool reads through the existing services as the asking person (their permissions and KPI
 * sensitivity); none writes. Each call opens its own tenant transaction through `inTenant`, so
 * no transaction stays open while a model thinks.
 */
export interface ToolContext {
  readonly reader: Reader & { readonly userId: number };
  /** Runs `work` in a read transaction of the person's company (RLS as the app role). */
  inTenant<T>(work: (context: TenantContext) => Promise<T>): Promise<T>;
  /** The company's today, YYYY-MM-DD (platform/company-clock). */
  readonly today: string;
}

/** What a tool gives back: `content` goes to the model as JSON; citations and blocks go to the answer. */
export interface ToolOutcome {
  readonly content: unknown;
  readonly citations: readonly Citation[];
  readonly blocks: readonly AnswerBlock[];
}

export interface CopilotTool {
  /** snake_case, as OpenAI-style tool calling names functions. */
  readonly name: string;
  readonly description: string;
  /** The arguments' JSON Schema (type "object"). */
  readonly parameters: Record<string, unknown>;
  /** Arguments are checked here (the model may send anything); bad ones answer { error } as content, never throw. */
  run(args: unknown, context: ToolContext): Promise<ToolOutcome>;
}

/** The built-in offline analyst's answer: the same shape the model loop produces. */
export interface AnalystAnswer {
  readonly content: string;
  readonly citations: readonly Citation[];
  readonly blocks: readonly AnswerBlock[];
  readonly toolCalls: readonly { readonly name: string; readonly arguments: string; readonly ok: boolean }[];
}

/**
 * The offline analyst answers deterministically from the same tools, and says plainly what it
 * cannot answer. `snapshot` is what the person attached, as data.
 */
export type OfflineAnalyst = (question: string, snapshot: Snapshot | null, context: ToolContext) => Promise<AnalystAnswer>;
