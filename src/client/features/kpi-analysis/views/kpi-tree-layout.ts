import { hierarchy, linkHorizontal, tree } from "d3";
import type { ShownNode } from "../../../../domain/kpi-tree/tree-view";

/** A node's box in the drawing; company and category nodes are the same size, so the columns align. */
export const TREE_NODE = { width: 236, height: 92 } as const;
const ROW_GAP = 14;
const COLUMN_GAP = 64;

export interface PlacedNode {
  readonly shown: ShownNode;
  /** The box's top left corner. */
  readonly x: number;
  readonly y: number;
}

export interface PlacedLink {
  readonly id: string;
  readonly path: string;
  /** The child's relation: an input of the parent's formula, or a part of its total. */
  readonly relation: "input" | "part" | "root";
}

export interface TreeLayout {
  readonly nodes: readonly PlacedNode[];
  readonly links: readonly PlacedLink[];
  /** The drawing's extent, for fitting it into the view. */
  readonly bounds: { readonly x: number; readonly y: number; readonly width: number; readonly height: number };
}

/**
 * Lays the shown tree out left to right with d3's tidy tree: depth runs along x, siblings
 * stack along y, and each link curves from the parent's right edge to the child's left edge.
 */
export function layoutTree(root: ShownNode): TreeLayout {
  const laidOut = tree<ShownNode>().nodeSize([TREE_NODE.height + ROW_GAP, TREE_NODE.width + COLUMN_GAP])(hierarchy(root, (node) => node.children as ShownNode[]));
  const nodes = laidOut.descendants().map((node) => ({ shown: node.data, x: node.y, y: node.x - TREE_NODE.height / 2 }));
  const curve = linkHorizontal<{ source: [number, number]; target: [number, number] }, [number, number]>();
  const links = laidOut.links().map((link) => ({
    id: link.target.data.node.id,
    relation: link.target.data.node.relation,
    path: curve({ source: [link.source.y + TREE_NODE.width, link.source.x], target: [link.target.y, link.target.x] }) ?? "",
  }));
  const xs = nodes.map((node) => node.x);
  const ys = nodes.map((node) => node.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { nodes, links, bounds: { x, y, width: Math.max(...xs) + TREE_NODE.width - x, height: Math.max(...ys) + TREE_NODE.height - y } };
}
