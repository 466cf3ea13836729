import type { FormulaTreeNode } from "./formula-tree";

/**
 * What of the KPI tree shows, and how the keyboard walks it. A node at depth d is open while
 * d < openDepth; an id in `toggled` turns that around (the person opened a closed node or closed
 * an open one), so the default can change with the root without losing what they did.
 */

export interface ShownNode {
  readonly node: FormulaTreeNode;
  readonly depth: number;
  /** The id of the node it hangs under; null for the root. */
  readonly parentId: string | null;
  readonly hasChildren: boolean;
  readonly expanded: boolean;
  /** Its children when expanded, else none. */
  readonly children: readonly ShownNode[];
}

/**
 * How deep the tree opens by default: the whole company shows its categories (closed, as sixty
 * KPIs in one column help nobody); one KPI shows its inputs and their inputs.
 */
export const openDepthFor = (root: FormulaTreeNode) => (root.kind === "company" ? 1 : 3);

/**
 * The nodes opened besides the default depth when a tree is first shown: in the whole company's
 * tree the first category (the P&L, in the usual order) down to its top KPIs' inputs' inputs,
 * so the first look shows how the result is made. Ids to pass as the first `toggled`.
 */
export function firstOpened(root: FormulaTreeNode): Set<string> {
  const opened = new Set<string>();
  const first = root.kind === "company" ? root.children[0] : undefined;
  const visit = (node: FormulaTreeNode, depth: number) => {
    if (node.children.length === 0 || depth > 3) return;
    opened.add(node.id);
    node.children.forEach((child) => visit(child, depth + 1));
  };
  if (first) visit(first, 1);
  return opened;
}

export function shownTree(root: FormulaTreeNode, toggled: ReadonlySet<string>, openDepth: number): ShownNode {
  const visit = (node: FormulaTreeNode, depth: number, parentId: string | null): ShownNode => {
    const hasChildren = node.children.length > 0;
    const expanded = hasChildren && (depth < openDepth) !== toggled.has(node.id);
    return { node, depth, parentId, hasChildren, expanded, children: expanded ? node.children.map((child) => visit(child, depth + 1, node.id)) : [] };
  };
  return visit(root, 0, null);
}

/** The shown nodes depth first: the order of ArrowUp and ArrowDown. */
export function shownInOrder(root: ShownNode): ShownNode[] {
  const order: ShownNode[] = [];
  const visit = (node: ShownNode) => {
    order.push(node);
    node.children.forEach(visit);
  };
  visit(root);
  return order;
}

/** The toggled set with `id` flipped (a new set). */
export function toggleNode(toggled: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(toggled);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** What a key does on the focused node: move the focus, open or close a node, or open a KPI's detail. */
export type TreeKeyOutcome =
  | { readonly kind: "focus"; readonly id: string }
  | { readonly kind: "toggle"; readonly id: string }
  | { readonly kind: "open"; readonly kpiId: number }
  | { readonly kind: "none" };

/**
 * The tree view keys (WAI-ARIA tree pattern; the tree grows to the right, so Right goes to the
 * inputs and Left back to what they make up): ArrowDown / ArrowUp the next or previous shown node,
 * Home / End the first or last; ArrowRight opens a closed node, else goes to its first child;
 * ArrowLeft closes an open node, else goes to its parent; Space toggles; + opens and − closes;
 * Enter opens the KPI's detail (on a company or category node it toggles).
 */
export function treeKey(order: readonly ShownNode[], focusedId: string, key: string): TreeKeyOutcome {
  const index = order.findIndex((node) => node.node.id === focusedId);
  const focused = order[index];
  if (!focused) return order[0] ? { kind: "focus", id: order[0].node.id } : { kind: "none" };
  const focus = (node: ShownNode | undefined): TreeKeyOutcome => (node && node !== focused ? { kind: "focus", id: node.node.id } : { kind: "none" });
  const toggle: TreeKeyOutcome = focused.hasChildren ? { kind: "toggle", id: focusedId } : { kind: "none" };
  switch (key) {
    case "ArrowDown":
      return focus(order[index + 1]);
    case "ArrowUp":
      return focus(order[index - 1]);
    case "Home":
      return focus(order[0]);
    case "End":
      return focus(order.at(-1));
    case "ArrowRight":
      return focused.expanded ? focus(focused.children[0]) : toggle;
    case "ArrowLeft":
      return focused.expanded ? toggle : focus(order.find((node) => node.node.id === focused.parentId));
    case " ":
    case "Spacebar":
      return toggle;
    case "+":
    case "=":
      return focused.expanded ? { kind: "none" } : toggle;
    case "-":
    case "_":
      return focused.expanded ? toggle : { kind: "none" };
    case "Enter":
      return focused.node.kpiId !== null ? { kind: "open", kpiId: focused.node.kpiId } : toggle;
    default:
      return { kind: "none" };
  }
}
