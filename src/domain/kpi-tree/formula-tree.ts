import { CYCLE_DETECTED, dependenciesOf, FormulaError, INVALID_FORMULA, parseFormula } from "../kpi/formula";

/**
 * The KPI tree (issue 15): every KPI under the KPIs it adds up to. A calculated KPI's children are
 * the KPIs its formula reads (EBITDA ← gross profit, operating expenses), then the KPIs that name
 * it as their `parentId` (a cost line under its total) unless the formula already reads them. A KPI
 * read by two formulas hangs under each, and says so (`usedIn`). The KPIs nothing reads are the
 * roots of their category; the whole company is one root over the categories.
 *
 * Only the KPIs given are placed (the reader's KPIs: the meta already leaves out what they may not
 * read); a formula's input outside the list is counted in `hiddenInputs`, not shown. A circle of
 * formulas never loops: the node that would close it is drawn without children and marked `cycle`,
 * and the tree reports the spec's text (CYCLE_DETECTED).
 */

export interface TreeSourceKpi {
  readonly id: number;
  readonly key: string;
  readonly name: string;
  readonly category: { readonly id: number; readonly name: string };
  readonly formula: string | null;
  readonly parentId: number | null;
}

/** How a node hangs under its parent: a formula input, a part of a total (parentId), or a root. */
export type TreeRelation = "input" | "part" | "root";

export interface FormulaTreeNode {
  /** Unique in the tree: the path of ids from the root ("company/c3/k12/k4"), as one KPI may show in several places. */
  readonly id: string;
  readonly kind: "company" | "category" | "kpi";
  readonly label: string;
  readonly kpiId: number | null;
  readonly relation: TreeRelation;
  /** The names of the KPIs that read this one (formula or parentId): more than one marks it shared. */
  readonly usedIn: readonly string[];
  /** Inputs of its formula that are not in the list (the reader may not see them). */
  readonly hiddenInputs: number;
  /** This node would close a circle of formulas: shown without children. */
  readonly cycle: boolean;
  readonly children: readonly FormulaTreeNode[];
}

export type TreeRoot = { readonly kind: "company"; readonly name: string } | { readonly kind: "kpi"; readonly kpiId: number };

export interface FormulaTree {
  /** Null when the root KPI is not in the list (unknown, or not readable). */
  readonly root: FormulaTreeNode | null;
  /** What is wrong in the formulas, in the spec's words, e.g. "Cycle detected in kpi formula: EBIT → EBITDA → EBIT". */
  readonly problems: readonly string[];
}

export function buildFormulaTree(kpis: readonly TreeSourceKpi[], root: TreeRoot): FormulaTree {
  const graph = kpiGraph(kpis);
  const problems = [...graph.problems];
  const cycles = new Set<string>();
  const build = (kpi: TreeSourceKpi, parentPath: string, relation: TreeRelation, path: readonly number[]): FormulaTreeNode => {
    const id = `${parentPath}/k${kpi.id}`;
    const closesCircle = path.includes(kpi.id);
    if (closesCircle) cycles.add([...path.slice(path.indexOf(kpi.id)), kpi.id].map((step) => graph.byId.get(step)!.name).join(" → "));
    const edges = closesCircle ? [] : (graph.children.get(kpi.id) ?? []);
    return {
      id,
      kind: "kpi",
      label: kpi.name,
      kpiId: kpi.id,
      relation,
      usedIn: (graph.readers.get(kpi.id) ?? []).map((reader) => reader.name),
      hiddenInputs: graph.hidden.get(kpi.id) ?? 0,
      cycle: closesCircle,
      children: edges.map((edge) => build(edge.kpi, id, edge.relation, [...path, kpi.id])),
    };
  };

  let tree: FormulaTreeNode | null = null;
  if (root.kind === "kpi") {
    const kpi = graph.byId.get(root.kpiId);
    tree = kpi ? build(kpi, "kpi", "root", []) : null;
  } else {
    const categories = new Map<number, { name: string; roots: TreeSourceKpi[] }>();
    for (const kpi of kpis) if (!categories.has(kpi.category.id)) categories.set(kpi.category.id, { name: kpi.category.name, roots: [] });
    for (const kpi of rootsOf(kpis, graph)) categories.get(kpi.category.id)!.roots.push(kpi);
    const children = [...categories].map(([categoryId, category]): FormulaTreeNode => {
      const id = `company/c${categoryId}`;
      return { id, kind: "category", label: category.name, kpiId: null, relation: "root", usedIn: [], hiddenInputs: 0, cycle: false, children: category.roots.map((kpi) => build(kpi, id, "root", [])) };
    });
    tree = { id: "company", kind: "company", label: root.name, kpiId: null, relation: "root", usedIn: [], hiddenInputs: 0, cycle: false, children };
  }
  for (const cycle of [...cycles].sort()) problems.push(`${CYCLE_DETECTED}: ${cycle}`);
  return { root: tree, problems };
}

interface Edge {
  readonly kpi: TreeSourceKpi;
  readonly relation: "input" | "part";
}

interface KpiGraph {
  readonly byId: ReadonlyMap<number, TreeSourceKpi>;
  readonly children: ReadonlyMap<number, readonly Edge[]>;
  readonly readers: ReadonlyMap<number, readonly TreeSourceKpi[]>;
  readonly hidden: ReadonlyMap<number, number>;
  readonly problems: readonly string[];
}

/** Who reads whom: formula inputs first (in the formula's order), then the parts (parentId) in list order. */
function kpiGraph(kpis: readonly TreeSourceKpi[]): KpiGraph {
  const byId = new Map(kpis.map((kpi) => [kpi.id, kpi] as const));
  const byKey = new Map(kpis.map((kpi) => [kpi.key, kpi] as const));
  const children = new Map<number, Edge[]>();
  const readers = new Map<number, TreeSourceKpi[]>();
  const hidden = new Map<number, number>();
  const problems: string[] = [];
  const link = (reader: TreeSourceKpi, child: TreeSourceKpi, relation: Edge["relation"]) => {
    const edges = children.get(reader.id) ?? [];
    if (edges.some((edge) => edge.kpi.id === child.id)) return;
    children.set(reader.id, [...edges, { kpi: child, relation }]);
    readers.set(child.id, [...(readers.get(child.id) ?? []), reader]);
  };
  for (const kpi of kpis) {
    if (!kpi.formula) continue;
    let keys: Set<string>;
    try {
      keys = dependenciesOf(parseFormula(kpi.formula));
    } catch (error) {
      if (!(error instanceof FormulaError)) throw error;
      problems.push(`${kpi.name}: ${INVALID_FORMULA}`);
      continue;
    }
    for (const key of keys) {
      const input = byKey.get(key);
      if (input) link(kpi, input, "input");
      else hidden.set(kpi.id, (hidden.get(kpi.id) ?? 0) + 1);
    }
  }
  for (const kpi of kpis) {
    const parent = kpi.parentId === null || kpi.parentId === kpi.id ? undefined : byId.get(kpi.parentId);
    if (parent) link(parent, kpi, "part");
  }
  return { byId, children, readers, hidden, problems };
}

/**
 * The KPIs nothing reads, in list order. KPIs that only read each other in a circle would have
 * none: the first of them in list order becomes a root, until every KPI is reachable.
 */
function rootsOf(kpis: readonly TreeSourceKpi[], graph: KpiGraph): TreeSourceKpi[] {
  const roots = kpis.filter((kpi) => !graph.readers.has(kpi.id));
  const reached = new Set<number>();
  const reach = (id: number) => {
    if (reached.has(id)) return;
    reached.add(id);
    for (const edge of graph.children.get(id) ?? []) reach(edge.kpi.id);
  };
  roots.forEach((kpi) => reach(kpi.id));
  for (const kpi of kpis) {
    if (reached.has(kpi.id)) continue;
    roots.push(kpi);
    reach(kpi.id);
  }
  return roots;
}
