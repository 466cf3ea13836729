import type { MentionCandidate } from "../../../contracts/collaboration";
import type { TenantContext } from "../../db/tenancy";
import { activeUsers, personName } from "../../platform/people";
import { readableKpi, readersOfLevel, type Collaborator } from "./collaboration-access";

/**
 * The company's active people for the "@" autocomplete, with their addresses (a mention is an
 * address, spec section 5) and whether each may read the KPI: the writer sees before sending that
 * someone would not be told. Colleagues' work addresses are no secret inside a company.
 */
export async function mentionCandidates(context: TenantContext, who: Collaborator, kpiId: number): Promise<MentionCandidate[]> {
  const kpi = await readableKpi(context, who, kpiId);
  const [rows, readers] = await Promise.all([
    activeUsers(context),
    readersOfLevel(context, kpi.effective_sensitivity),
  ]);
  return rows.map((row) => ({ id: row.id, name: personName(row), email: row.email, mayRead: readers.has(row.id) }));
}
