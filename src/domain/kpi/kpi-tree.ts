/**
 * The P&L as a tree: each KPI sits under its `parentId` within the list given (one category's
 * KPIs), children in the order given. A KPI whose parent is not in the list, or that is its own
 * ancestor (a circle in the data), becomes a root, so every KPI shows exactly once.
 */

export interface TreeKpi {
  readonly id: number;
  readonly parentId: number | null;
}

export interface KpiTreeNode<K extends TreeKpi> {
  readonly kpi: K;
  readonly children: readonly KpiTreeNode<K>[];
}

/** One shown row: its depth (roots 0), whether it has children and whether they show. */
export interface VisibleRow<K extends TreeKpi> {
  readonly kpi: K;
  readonly depth: number;
  readonly hasChildren: boolean;
  readonly expanded: boolean;
}

/** Spec section 9: roots open, so their direct children show; deeper levels closed. */
export const DEFAULT_EXPAND_LEVEL = 1;

export function kpiTree<K extends TreeKpi>(kpis: readonly K[]): KpiTreeNode<K>[] {
  const ids = new Set(kpis.map((kpi) => kpi.id));
  const childrenOf = new Map<number, K[]>();
  for (const kpi of kpis) {
    if (kpi.parentId === null || kpi.parentId === kpi.id || !ids.has(kpi.parentId)) continue;
    childrenOf.set(kpi.parentId, [...(childrenOf.get(kpi.parentId) ?? []), kpi]);
  }
  const placed = new Set<number>();
  const build = (kpi: K): KpiTreeNode<K> => {
    placed.add(kpi.id);
    const children = (childrenOf.get(kpi.id) ?? []).filter((child) => !placed.has(child.id)).map(build);
    return { kpi, children };
  };
  const roots: KpiTreeNode<K>[] = [];
  for (const kpi of kpis) {
    const isRoot = kpi.parentId === null || kpi.parentId === kpi.id || !ids.has(kpi.parentId);
    if (isRoot && !placed.has(kpi.id)) roots.push(build(kpi));
  }
  // What is still unplaced hangs in a circle: the first of it in list order opens the circle.
  for (const kpi of kpis) if (!placed.has(kpi.id)) roots.push(build(kpi));
  return roots;
}

/**
 * The rows to show, depth first. A node at depth d is open when d < defaultExpandLevel; an id in
 * `toggled` turns that around (the user opened a closed node or closed an open one).
 */
export function visibleRows<K extends TreeKpi>(tree: readonly KpiTreeNode<K>[], toggled: ReadonlySet<number>, defaultExpandLevel: number = DEFAULT_EXPAND_LEVEL): VisibleRow<K>[] {
  const rows: VisibleRow<K>[] = [];
  const visit = (node: KpiTreeNode<K>, depth: number) => {
    const hasChildren = node.children.length > 0;
    const expanded = hasChildren && (depth < defaultExpandLevel) !== toggled.has(node.kpi.id);
    rows.push({ kpi: node.kpi, depth, hasChildren, expanded });
    if (expanded) for (const child of node.children) visit(child, depth + 1);
  };
  for (const root of tree) visit(root, 0);
  return rows;
}

/** The toggled set with `id` flipped (a new set; the old one is left as it was). */
export function toggleRow(toggled: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(toggled);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}
