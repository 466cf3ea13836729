import { monthDateOf, monthRange, type MonthIndex } from "../../../domain/months";
import type { WithTenant } from "../tenancy";
import { DEMO_COMPANIES } from "./demo-companies";
import { seededRandom } from "./random";

const actor = { kind: "system", name: "demo-seed" } as const;

/** The holding's demo rates: one unit of each currency in its own, around these levels. */
const DEMO_RATE_LEVELS: Readonly<Record<string, number>> = { EUR: 0.94, USD: 0.87, CHF: 1.06 };

/**
 * The holding side of the demo (after every company is seeded): each subsidiary's own record of
 * the holding's request with the state the demo gives it (the subsidiary's decision, which the
 * roll-up obeys), and the holding's monthly average and month-end rates for its subsidiaries'
 * currencies over the months with actuals, `first` to `last`.
 */
export async function seedDemoHolding(withTenant: WithTenant, first: MonthIndex, last: MonthIndex, now: Date): Promise<void> {
  for (const holding of DEMO_COMPANIES.filter((company) => company.kind === "holding")) {
    for (const link of holding.portfolio) {
      await withTenant(link.companyId, actor, ({ db, tenantId }) =>
        db
          .insertInto("holding_links")
          .values({ tenant_id: tenantId, holding_tenant_id: holding.id, holding_name: holding.name, state: link.state, decided_at: link.state === "requested" ? null : now })
          .execute(),
      );
    }
    const currencies = new Set(holding.portfolio.map((link) => DEMO_COMPANIES.find((company) => company.id === link.companyId)!.localCurrency));
    currencies.delete(holding.localCurrency);
    await withTenant(holding.id, actor, async ({ db, tenantId }) => {
      for (const currency of currencies) {
        const level = DEMO_RATE_LEVELS[currency] ?? 1;
        const rows = monthRange(first, last).map((month) => {
          const random = seededRandom(`holding-fx/${currency}/${month}`);
          const average = level * (1 + 0.02 * Math.sin((2 * Math.PI * month) / 12) + 0.006 * random.normal());
          const monthEnd = average * (1 + 0.004 * random.normal());
          return { tenant_id: tenantId, currency, month: monthDateOf(month), average_rate: round(average), month_end_rate: round(monthEnd) };
        });
        if (rows.length > 0) await db.insertInto("holding_fx_rates").values(rows).execute();
      }
    });
  }
}

const round = (rate: number) => Math.round(rate * 10_000) / 10_000;
