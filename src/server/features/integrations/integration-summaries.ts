import { sql } from "kysely";
import type { IntegrationSummary } from "../../../contracts/integrations";
import { CONNECTOR_NAMES } from "../../../domain/integrations/catalogue";
import { INTEGRATION_SUMMARY_CACHE_MS } from "../../../domain/integrations/messages";
import type { TenantContext } from "../../db/tenancy";
import type { AppServices } from "../../services";

/**
 * Integration summaries by names (spec sections 3 and 9: keyed by integration name, cached
 * 600000 ms). Each company's summary of a connector is kept for ten minutes in this process; a
 * change made through this process (connect, reconnect, change, remove, a finished sync) drops
 * the company's entries at once, so only another process's change can take up to ten minutes
 * to show. The summary says no more than a manager of integrations may know: counts and a time.
 */
interface Entry {
  readonly at: number;
  readonly summary: IntegrationSummary;
}

const caches = new WeakMap<AppServices, Map<string, Entry>>();
const cacheOf = (services: AppServices) => {
  let cache = caches.get(services);
  if (!cache) caches.set(services, (cache = new Map()));
  return cache;
};

export async function summariesByNames(services: AppServices, tenantId: string, names: readonly string[], inTenant: <T>(work: (context: TenantContext) => Promise<T>) => Promise<T>) {
  const now = (services.now?.() ?? new Date()).getTime();
  const cache = cacheOf(services);
  const known = [...new Set(names)].filter((name) => (CONNECTOR_NAMES as readonly string[]).includes(name));
  const results: Record<string, IntegrationSummary> = {};
  const missing: string[] = [];
  for (const name of known) {
    const entry = cache.get(`${tenantId}/${name}`);
    if (entry && now - entry.at < INTEGRATION_SUMMARY_CACHE_MS) results[name] = entry.summary;
    else missing.push(name);
  }
  if (missing.length > 0) {
    const fresh = await inTenant((context) => summariesOf(context, missing));
    for (const summary of fresh) {
      cache.set(`${tenantId}/${summary.name}`, { at: now, summary });
      results[summary.name] = summary;
    }
  }
  return { results };
}

/** A change in this process: the company's summaries are read again next time. */
export function forgetSummaries(services: AppServices, tenantId: string) {
  const cache = cacheOf(services);
  for (const key of cache.keys()) if (key.startsWith(`${tenantId}/`)) cache.delete(key);
}

async function summariesOf(context: TenantContext, names: readonly string[]): Promise<IntegrationSummary[]> {
  const rows = await sql<{ kind: string; connected: number; need_attention: number; last_sync_at: Date | null }>`
    select i.kind,
           count(*)::int as connected,
           count(*) filter (where i.status <> 'connected')::int as need_attention,
           max(last.finished_at) as last_sync_at
    from integrations i
    left join lateral (select max(finished_at) as finished_at from job_runs r where r.subject = 'integration:' || i.id and r.state = 'succeeded') last on true
    where i.kind = any(${names}::text[])
    group by i.kind`.execute(context.db);
  return names.map((name) => {
    const row = rows.rows.find((candidate) => candidate.kind === name);
    return { name, connected: row?.connected ?? 0, needAttention: row?.need_attention ?? 0, lastSyncAt: row?.last_sync_at ? new Date(row.last_sync_at).toISOString() : null };
  });
}
