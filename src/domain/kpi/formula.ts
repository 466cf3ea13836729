import jsep from "jsep";

/**
 * Calculated KPIs: a formula over other KPIs' keys with + - * / and parentheses, for example
 * "gross_profit / revenue * 100". Formulas are evaluated in dependency order; a circular formula
 * is an error with the spec's text.
 */
export const CYCLE_DETECTED = "Cycle detected in kpi formula";
export const INVALID_FORMULA = "The formula may only combine KPI keys and numbers with + - * / and parentheses.";

export class FormulaError extends Error {}

export type Formula = jsep.Expression;

const OPERATORS = new Set(["+", "-", "*", "/"]);

export function parseFormula(text: string): Formula {
  let ast: jsep.Expression;
  try {
    ast = jsep(text);
  } catch {
    throw new FormulaError(INVALID_FORMULA);
  }
  check(ast);
  return ast;
}

function check(node: jsep.Expression): void {
  switch (node.type) {
    case "BinaryExpression":
      if (!OPERATORS.has(node["operator"] as string)) throw new FormulaError(INVALID_FORMULA);
      check(node["left"] as jsep.Expression);
      check(node["right"] as jsep.Expression);
      return;
    case "UnaryExpression":
      if (node["operator"] !== "-" && node["operator"] !== "+") throw new FormulaError(INVALID_FORMULA);
      check(node["argument"] as jsep.Expression);
      return;
    case "Literal":
      if (typeof node["value"] !== "number") throw new FormulaError(INVALID_FORMULA);
      return;
    case "Identifier":
      return;
    default:
      throw new FormulaError(INVALID_FORMULA);
  }
}

/** The KPI keys a formula reads. */
export function dependenciesOf(formula: Formula): Set<string> {
  const keys = new Set<string>();
  const visit = (node: jsep.Expression) => {
    if (node.type === "Identifier") keys.add(node["name"] as string);
    for (const child of ["left", "right", "argument"]) if (node[child]) visit(node[child] as jsep.Expression);
  };
  visit(formula);
  return keys;
}

/**
 * The calculated KPIs in an order where each comes after every calculated KPI it reads.
 * Throws CYCLE_DETECTED when formulas read each other in a circle.
 */
export function evaluationOrder(formulas: ReadonlyMap<string, Formula>): string[] {
  const order: string[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (key: string) => {
    if (state.get(key) === "done") return;
    if (state.get(key) === "visiting") throw new FormulaError(CYCLE_DETECTED);
    state.set(key, "visiting");
    for (const dependency of dependenciesOf(formulas.get(key)!)) if (formulas.has(dependency)) visit(dependency);
    state.set(key, "done");
    order.push(key);
  };
  for (const key of formulas.keys()) visit(key);
  return order;
}

/** The formula's value; null when an operand has no value or a division is by zero. */
export function evaluateFormula(formula: Formula, valueOf: (key: string) => number | null | undefined): number | null {
  switch (formula.type) {
    case "Literal":
      return formula["value"] as number;
    case "Identifier":
      return valueOf(formula["name"] as string) ?? null;
    case "UnaryExpression": {
      const value = evaluateFormula(formula["argument"] as jsep.Expression, valueOf);
      return value === null ? null : formula["operator"] === "-" ? -value : value;
    }
    case "BinaryExpression": {
      const left = evaluateFormula(formula["left"] as jsep.Expression, valueOf);
      const right = evaluateFormula(formula["right"] as jsep.Expression, valueOf);
      if (left === null || right === null) return null;
      switch (formula["operator"]) {
        case "+":
          return left + right;
        case "-":
          return left - right;
        case "*":
          return left * right;
        default:
          return right === 0 ? null : left / right;
      }
    }
    default:
      throw new FormulaError(INVALID_FORMULA);
  }
}

const SYMBOL: Readonly<Record<string, string>> = { "+": "+", "-": "−", "*": "×", "/": "÷" };
const PRECEDENCE: Readonly<Record<string, number>> = { "+": 1, "-": 1, "*": 2, "/": 2 };

/**
 * A formula for people: KPI keys replaced by `nameOf` (their names), operators as + − × ÷, and
 * parentheses only where the order needs them: "Gross profit ÷ Revenue × 100".
 */
export function formulaText(formula: Formula, nameOf: (key: string) => string): string {
  const text = (node: jsep.Expression, outer: number, rightOfNonAssociative: boolean): string => {
    switch (node.type) {
      case "Literal":
        return String(node["value"]);
      case "Identifier":
        return nameOf(node["name"] as string);
      case "UnaryExpression": {
        const argument = text(node["argument"] as jsep.Expression, 3, false);
        return node["operator"] === "-" ? `−${argument}` : argument;
      }
      default: {
        const operator = node["operator"] as string;
        const own = PRECEDENCE[operator]!;
        const inner = `${text(node["left"] as jsep.Expression, own, false)} ${SYMBOL[operator]} ${text(node["right"] as jsep.Expression, own, operator === "-" || operator === "/")}`;
        return own < outer || (own === outer && rightOfNonAssociative) ? `(${inner})` : inner;
      }
    }
  };
  return text(formula, 0, false);
}

/**
 * Values of calculated KPIs for one month (or one aggregate), in dependency order, from the
 * stored KPIs' values. Calculated KPIs may read other calculated KPIs.
 */
export function calculateAll(formulas: ReadonlyMap<string, string>, stored: (key: string) => number | null | undefined): Map<string, number | null> {
  const parsed = new Map([...formulas].map(([key, text]) => [key, parseFormula(text)] as const));
  const results = new Map<string, number | null>();
  for (const key of evaluationOrder(parsed)) {
    results.set(key, evaluateFormula(parsed.get(key)!, (name) => (results.has(name) ? results.get(name) : stored(name))));
  }
  return results;
}
