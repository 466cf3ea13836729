import { sql } from "kysely";
import {
  COPILOT_DISABLED,
  DEFAULT_MONTHLY_TOKEN_BUDGET,
  DEFAULT_WARNING_THRESHOLD,
  type CopilotSettings,
  type CopilotSettingsChange,
  type GptUsageMeta,
} from "../../../contracts/copilot";
import { DEFAULT_AI_MODEL, DEFAULT_AI_TIMEOUT_MS, type ServerConfig } from "../../config";
import type { TenantContext } from "../../db/tenancy";
import { createRotatingSealer, type RotatingSealer } from "../../platform/auth/sealing";
import { companyToday } from "../../platform/company-clock";
import { badRequest, forbidden } from "../../platform/http/errors";
import { userNames } from "../../platform/people";

/**
 * The company's copilot settings: the flag (profile feature copilot_chat, the one the route
 * guard and the navigation read), its own model endpoint with the API key sealed, the monthly
 * token budget and warning threshold, and the data processing agreement's acceptance. A company
 * that never changed them has no row; the defaults apply.
 */

export const COPILOT_FEATURE = "copilot_chat";

/** An external OpenAI-compatible endpoint the copilot may call, and where it was configured. */
export interface ModelEndpoint {
  readonly source: "environment" | "company";
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly model: string;
  readonly timeoutMs: number;
}

/** What answers a question: an external model (once the DPA is accepted), or the offline analyst. */
export type AnswerEngine = { readonly kind: "offline" } | { readonly kind: "model"; readonly endpoint: ModelEndpoint; readonly dpaAccepted: boolean };

const sealers = new WeakMap<ServerConfig, RotatingSealer>();

/**
 * Company API keys are sealed like integration connections (platform/auth/sealing.ts): with the
 * connection key (INTEGRATION_CONNECTION_KEY, else SECRET_KEY) under a purpose of their own, and
 * the old connection keys still open them.
 */
export function apiKeySealer(config: ServerConfig): RotatingSealer {
  let sealer = sealers.get(config);
  if (!sealer) sealers.set(config, (sealer = createRotatingSealer(config.connectionKey ?? config.secretKey, config.connectionOldKeys ?? [], "copilot-api-keys")));
  return sealer;
}

/** 403 COPILOT_DISABLED while the company flag is off. */
export async function requireCopilotEnabled(context: TenantContext): Promise<void> {
  if (!(await copilotEnabled(context))) throw forbidden(COPILOT_DISABLED);
}

export async function copilotEnabled({ db }: TenantContext): Promise<boolean> {
  const tenant = await db.selectFrom("tenants").select("features").executeTakeFirst();
  return tenant?.features?.[COPILOT_FEATURE] === true;
}

/** The company month ("YYYY-MM") tokens count in today. */
export async function companyMonth(context: TenantContext, now: Date): Promise<string> {
  return (await companyToday(context, now)).slice(0, 7);
}

/** Tokens the company's external model requests used in `month`. */
export async function tokensUsed({ db }: TenantContext, month: string): Promise<number> {
  const row = await db
    .selectFrom("copilot_model_requests")
    .select(sql<number>`coalesce(sum(prompt_tokens + completion_tokens), 0)::bigint`.as("tokens"))
    .where("month", "=", month)
    .executeTakeFirstOrThrow();
  return Number(row.tokens);
}

/** Spec "GPT usage meta": the warning is on once the month's usage reaches the threshold percentage of the budget. */
export async function usageMeta(context: TenantContext, now: Date): Promise<GptUsageMeta> {
  const [row, month] = await Promise.all([settingsRow(context), companyMonth(context, now)]);
  const used = await tokensUsed(context, month);
  return usageOf(used, row.monthly_token_budget, row.warning_threshold, month);
}

export function usageOf(usedTokens: number, budgetTokens: number, threshold: number, month: string): GptUsageMeta {
  return { warning: usedTokens * 100 >= threshold * budgetTokens, warning_threshold: threshold, date: `${month}-01`, usedTokens, budgetTokens };
}

export async function settingsOf(context: TenantContext, config: ServerConfig, now: Date): Promise<CopilotSettings> {
  const [row, enabled, usage] = await Promise.all([settingsRow(context), copilotEnabled(context), usageMeta(context, now)]);
  return {
    enabled,
    source: row.base_url ? "company" : config.ai ? "environment" : "offline",
    baseUrl: row.base_url,
    model: row.model,
    hasApiKey: row.api_key_sealed !== null,
    dpa: row.dpa_accepted_at && row.dpa_accepted_by_name ? { acceptedAt: row.dpa_accepted_at.toISOString(), acceptedBy: row.dpa_accepted_by_name } : null,
    monthlyTokenBudget: row.monthly_token_budget,
    warningThreshold: row.warning_threshold,
    usage,
  };
}

const ENDPOINT_FIELD = "baseUrl";
const INVALID_ENDPOINT = "Enter the address of an OpenAI-compatible API (http:// or https://).";

/**
 * Changes the settings. A new endpoint address withdraws the DPA's acceptance: the agreement is
 * with whoever processes the data, so a different processor needs it accepted again.
 */
export async function changeSettings(context: TenantContext, config: ServerConfig, change: CopilotSettingsChange): Promise<void> {
  const baseUrl = change.baseUrl === undefined ? undefined : change.baseUrl === null || change.baseUrl.trim() === "" ? null : change.baseUrl.trim().replace(/\/$/, "");
  if (baseUrl && (!/^https?:\/\//.test(baseUrl) || !URL.canParse(baseUrl))) throw badRequest({ [ENDPOINT_FIELD]: [INVALID_ENDPOINT] });
  const current = await settingsRow(context);
  const endpointChanged = baseUrl !== undefined && baseUrl !== current.base_url;
  const apiKey = change.apiKey === undefined ? undefined : change.apiKey === null || change.apiKey.trim() === "" ? null : apiKeySealer(config).seal(change.apiKey.trim());
  const values = {
    ...(baseUrl !== undefined ? { base_url: baseUrl } : {}),
    ...(change.model !== undefined ? { model: change.model?.trim() || null } : {}),
    ...(apiKey !== undefined ? { api_key_sealed: apiKey } : {}),
    ...(change.monthlyTokenBudget !== undefined ? { monthly_token_budget: change.monthlyTokenBudget } : {}),
    ...(change.warningThreshold !== undefined ? { warning_threshold: change.warningThreshold } : {}),
    ...(endpointChanged && baseUrl !== null ? { dpa_accepted_at: null, dpa_accepted_by: null, dpa_accepted_by_name: null } : {}),
    updated_at: new Date(),
  };
  await context.db
    .insertInto("copilot_settings")
    .values({ tenant_id: context.tenantId, ...values })
    .onConflict((conflict) => conflict.column("tenant_id").doUpdateSet(values))
    .execute();
  if (change.enabled !== undefined) {
    await context.db
      .updateTable("tenants")
      .set({ features: sql<string>`features || jsonb_build_object(${COPILOT_FEATURE}::text, ${change.enabled}::boolean)` })
      .where("id", "=", context.tenantId)
      .execute();
  }
}

/** Records who accepted the data processing agreement, and when. */
export async function acceptDpa(context: TenantContext, userId: number, now: Date): Promise<void> {
  const name = (await userNames(context, [userId])).get(userId) ?? `user ${userId}`;
  const values = { dpa_accepted_at: now, dpa_accepted_by: userId, dpa_accepted_by_name: name, updated_at: now };
  await context.db
    .insertInto("copilot_settings")
    .values({ tenant_id: context.tenantId, ...values })
    .onConflict((conflict) => conflict.column("tenant_id").doUpdateSet(values))
    .execute();
}

/**
 * The engine that answers: the company's own endpoint, else the installation's (AI_BASE_URL),
 * else the offline analyst. Either endpoint needs the DPA accepted before it is called.
 */
export async function answerEngine(context: TenantContext, config: ServerConfig): Promise<AnswerEngine> {
  const row = await settingsRow(context);
  const dpaAccepted = row.dpa_accepted_at !== null;
  if (row.base_url) {
    const apiKey = row.api_key_sealed === null ? "" : openApiKey(config, row.api_key_sealed);
    return { kind: "model", dpaAccepted, endpoint: { source: "company", baseUrl: row.base_url, apiKey, model: row.model ?? config.ai?.model ?? DEFAULT_AI_MODEL, timeoutMs: config.ai?.timeoutMs ?? DEFAULT_AI_TIMEOUT_MS } };
  }
  if (config.ai) return { kind: "model", dpaAccepted, endpoint: { source: "environment", ...config.ai, model: row.model ?? config.ai.model } };
  return { kind: "offline" };
}

/** Budget and threshold of the company (defaults while it has no settings row). */
export async function budgetOf(context: TenantContext): Promise<{ budget: number; threshold: number }> {
  const row = await settingsRow(context);
  return { budget: row.monthly_token_budget, threshold: row.warning_threshold };
}

/** A key sealed under a key this installation no longer has cannot be opened: the model then answers 401, which the person sees as MODEL_UNAVAILABLE. */
function openApiKey(config: ServerConfig, sealed: string): string {
  try {
    return apiKeySealer(config).open(sealed);
  } catch {
    return "";
  }
}

async function settingsRow({ db }: TenantContext) {
  const row = await db.selectFrom("copilot_settings").selectAll().executeTakeFirst();
  return (
    row ?? {
      base_url: null,
      model: null,
      api_key_sealed: null,
      monthly_token_budget: DEFAULT_MONTHLY_TOKEN_BUDGET,
      warning_threshold: DEFAULT_WARNING_THRESHOLD,
      dpa_accepted_at: null,
      dpa_accepted_by: null,
      dpa_accepted_by_name: null,
    }
  );
}
