/**
 * What the offline analyst recognises in a question (English), by simple rules tried in order.
 * A KPI is named by a phrase; which KPI it is, is decided against the KPIs the person may read
 * (kpi-match.ts). Anything else is `unknown`, and the analyst says what it can answer.
 */
export type QuestionIntent =
  | { readonly kind: "behind-plan" }
  | { readonly kind: "against-plan"; readonly kpi: string }
  | { readonly kind: "why-changed"; readonly kpi: string }
  | { readonly kind: "cash-runway" }
  | { readonly kind: "top-movers" }
  | { readonly kind: "how-is"; readonly kpi: string }
  | { readonly kind: "trend"; readonly kpi: string; readonly months: number }
  | { readonly kind: "unknown" };

const PLAN = /\b(plan|planned|planning|budget|budgeted)\b/;
const MOVE_VERBS =
  "change|changed|changing|drop|dropped|fall|fell|rise|rose|increase|increased|decrease|decreased|go up|go down|went up|went down|move|moved|grow|grew|decline|declined|jump|jumped|improve|improved|worsen|worsened|shrink|shrank";
const NUMBER_WORDS: Readonly<Record<string, number>> = { three: 3, six: 6, twelve: 12, eighteen: 18, "twenty four": 24, "twenty-four": 24 };

/** Period words and filler a KPI phrase may carry at its end ("revenue this year"). */
const TRAILING =
  /\s+(this|last|current|previous|next)\s+(fiscal\s+)?(year|month|quarter)$|\s+(ytd|ltm|qtd|fy|so far|year to date|to date|over time|recently|lately|in total)$|\s+(in|for|over|during)\s+(the\s+)?(last|past)\s+\S+\s+months$|\s+(for|in|over)\s+the\s+(full|whole)\s+year$/;

/** The KPI words of a phrase: no article or possessive in front, no period words or punctuation behind. */
export function kpiPhrase(raw: string): string {
  let phrase = raw.trim().replace(/[?.!,;:]+$/, "").trim();
  phrase = phrase.replace(/^(the|our|my|us|company'?s?|total)\s+/i, "").trim();
  for (let previous = ""; previous !== phrase; ) {
    previous = phrase;
    phrase = phrase.replace(TRAILING, "").trim();
  }
  return phrase;
}

const normalised = (question: string) =>
  question
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/\s+/g, " ")
    .trim();

/** The months "the last N months" names (12 when none is named). */
export function monthsNamed(question: string): number {
  const text = normalised(question);
  const match = /\b(last|past|trailing)\s+(\d{1,2}|three|six|twelve|eighteen|twenty[\s-]four)\s+months\b/.exec(text);
  if (!match) return 12;
  const named = /^\d+$/.test(match[2]!) ? Number(match[2]) : NUMBER_WORDS[match[2]!.replace("-", " ")] ?? 12;
  return Math.min(Math.max(named, 1), 36);
}

/** The intent of a question, by the first rule that matches. */
export function intentOf(question: string): QuestionIntent {
  const text = normalised(question);
  if (text === "") return { kind: "unknown" };

  if (/\brunway\b|\brun out of (cash|money)\b|\bhow long (will|does|can|would) (our |the )?(cash|money)\b|\bmonths of cash\b/.test(text)) return { kind: "cash-runway" };

  const why = new RegExp(`^(?:and\\s+)?why\\s+(?:did|has|have|is|was|does|do|were)\\s+(.+?)\\s+(?:${MOVE_VERBS})\\b`).exec(text);
  if (why) {
    const kpi = kpiPhrase(why[1]!);
    if (kpi !== "") return { kind: "why-changed", kpi };
  }

  const asksForList = /\b(which|what)\s+(kpis?|metrics?|numbers?|figures?|lines?|ones?)\b|\b(furthest|farthest|most|worst|biggest|largest)\b|\blist\b|\btop\s+\d*/.test(text);
  const behind = /\b(behind|below|under|short of|missing|miss|off|lag(ging)?)\b/.test(text);
  if (asksForList && behind && PLAN.test(text)) return { kind: "behind-plan" };

  if (/\b(top|biggest|largest)\s+(movers?|changes?|swings?)\b|\bwhat\s+(moved|changed)\s+(the\s+)?most\b|\bwhich\s+(kpis?|metrics?)\s+(moved|changed)\s+(the\s+)?most\b/.test(text)) return { kind: "top-movers" };

  const show = /^(?:please\s+)?(?:can you\s+)?(?:show|plot|chart|graph|draw)\s+(?:me\s+)?(.+)$/.exec(text);
  if (show) {
    const kpi = kpiPhrase(show[1]!.replace(/\s+(trend|history|development)$/, "").replace(/^(the\s+)?(trend|history|development)\s+of\s+/, ""));
    if (kpi !== "") return { kind: "trend", kpi, months: monthsNamed(text) };
  }

  const how = /\bhow\s+(?:is|are|was|were|has|have)\s+(.+?)\s+(?:doing|performing|going|tracking|looking|developing|been doing|been performing|trending)\b/.exec(text) ?? /\bhow'?s\s+(.+?)\s+(?:doing|performing|going|tracking|looking|trending)\b/.exec(text);
  if (how) {
    const kpi = kpiPhrase(how[1]!);
    if (kpi !== "") return PLAN.test(text) ? { kind: "against-plan", kpi } : { kind: "how-is", kpi };
  }

  const against = /^(?:is|are|was|how is|how are)?\s*(.+?)\s+(?:against|vs\.?|versus|compared (?:to|with)|relative to|ahead of|behind|on|above|below)\s+(?:the\s+|our\s+)?(?:plan|budget)\b/.exec(text);
  if (against) {
    const kpi = kpiPhrase(against[1]!);
    if (kpi !== "" && !/^(which|what)\b/.test(kpi)) return { kind: "against-plan", kpi };
  }
  return { kind: "unknown" };
}
