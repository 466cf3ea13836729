/**
 * Which KPI a phrase of a question names, among the KPIs the person may read. Names are compared
 * as words (case, punctuation and underscores ignored, a trailing plural "s" too); the best
 * match wins, ties go to the earlier KPI in catalogue order. No match is null: the analyst says
 * it found no such KPI, the same whether the KPI does not exist or the person may not read it.
 */
export interface NamedKpi {
  readonly id: number;
  readonly name: string;
  readonly key: string;
}

export const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[_\-/]+/g, " ")
    .replace(/[^\p{L}\p{N}%&\s]+/gu, " ")
    .split(/\s+/)
    .filter((word) => word !== "")
    .map((word) => (word.length > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word));

/** How well `phrase` names `kpi`: 0 (not at all) to 100 (its exact name). */
export function matchScore(phrase: string, kpi: NamedKpi): number {
  const asked = wordsOf(phrase).join(" ");
  if (asked === "") return 0;
  const name = wordsOf(kpi.name).join(" ");
  const key = wordsOf(kpi.key).join(" ");
  if (asked === name) return 100;
  if (asked === key) return 95;
  const within = (outer: string, inner: string) => ` ${outer} `.includes(` ${inner} `);
  // The phrase inside the name ("ebitda" in "ebitda margin") or the name inside the phrase.
  if (within(name, asked) || within(key, asked)) return 80 - Math.min(20, Math.abs(name.length - asked.length) / 2);
  if (within(asked, name)) return 70 - Math.min(20, Math.abs(name.length - asked.length) / 2);
  const askedWords = asked.split(" ");
  const nameWords = new Set([...name.split(" "), ...key.split(" ")]);
  const shared = askedWords.filter((word) => nameWords.has(word)).length;
  return shared === askedWords.length ? 50 : 0;
}

/** The KPI `phrase` names best, or null. */
export function bestKpiMatch<K extends NamedKpi>(phrase: string, kpis: readonly K[]): K | null {
  let best: K | null = null;
  let bestScore = 0;
  for (const kpi of kpis) {
    const score = matchScore(phrase, kpi);
    if (score > bestScore) {
      best = kpi;
      bestScore = score;
    }
  }
  return best;
}
