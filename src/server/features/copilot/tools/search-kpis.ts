import { matchScore, wordsOf } from "../../../../domain/copilot/kpi-match";
import { defineTool, kpiFacts, optionalText, readableKpis, wholeNumberArg } from "./tool-kit";

/**
 * search_kpis: the KPIs the person may read whose name, key, category or approved glossary text
 * matches the query (all of them without one). Glossary text is returned as data fields.
 */
export const searchKpis = defineTool({
  name: "search_kpis",
  description: "Find KPIs by name, category or glossary text. Returns KPI ids for the other tools. Without a query, lists every KPI you can read.",
  parameters: {
    type: "object",
    properties: {
      query: { type: "string", description: "Words of the KPI's name, category or definition, e.g. 'revenue' or 'cash'." },
      category: { type: "string", description: "Only KPIs of this category (name)." },
      limit: { type: "integer", minimum: 1, maximum: 100, description: "At most this many KPIs (default 25)." },
    },
    additionalProperties: false,
  },
  parse: (args) => ({ query: optionalText(args, "query", 200)?.trim() ?? "", category: optionalText(args, "category", 200)?.trim() ?? "", limit: wholeNumberArg(args, "limit", 1, 100, 25) }),
  run: async ({ query, category, limit }, { reader, inTenant }) =>
    inTenant(async (context) => {
      const kpis = (await readableKpis(context, reader)).filter((kpi) => category === "" || wordsOf(kpi.category_name).join(" ") === wordsOf(category).join(" "));
      const glossary = new Map(
        (await context.db.selectFrom("kpi_glossary_entries").select(["kpi_id", "definition", "formula_in_words"]).where("state", "=", "approved").execute()).map((entry) => [entry.kpi_id, entry] as const),
      );
      const asked = wordsOf(query);
      const scored = kpis
        .map((kpi) => {
          const entry = glossary.get(kpi.id);
          const byName = matchScore(query, kpi);
          const text = new Set(wordsOf(`${kpi.category_name} ${kpi.description ?? ""} ${entry?.definition ?? ""} ${entry?.formula_in_words ?? ""}`));
          const byText = asked.length > 0 && asked.every((word) => text.has(word)) ? 30 : 0;
          return { kpi, entry, score: asked.length === 0 ? 1 : Math.max(byName, byText) };
        })
        .filter((each) => each.score > 0)
        .sort((a, b) => b.score - a.score);
      const found = scored.slice(0, limit);
      return {
        content: {
          kpis: found.map(({ kpi, entry }) => ({
            ...kpiFacts(kpi),
            aggregation: kpi.aggregation_type,
            glossary: entry ? { definition: entry.definition, formulaInWords: entry.formula_in_words } : null,
          })),
          more: scored.length - found.length,
        },
        citations: [],
        blocks: [],
      };
    }),
});
