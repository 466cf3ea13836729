import { select, zoom, zoomIdentity, type ZoomBehavior } from "d3";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { styled } from "styled-components";
import { shownInOrder, treeKey, type ShownNode } from "../../../../domain/kpi-tree/tree-view";
import { Button } from "../../../ui/button";
import { SPACE } from "../../../ui/tokens";
import { useElementWidth } from "../../kpis/views/chart/use-element-width";
import type { TreeNodeFigures } from "./kpi-tree-figures";
import { layoutTree, TREE_NODE } from "./kpi-tree-layout";
import { KpiTreeNodeBox } from "./kpi-tree-node";

const HEIGHT = 620;
const SCALES: [number, number] = [0.3, 2];
const ZOOM_STEP = 1.25;
const FIT_SCALE = 0.45;
const FALLBACK_WIDTH = 960;

export interface KpiTreeChartProps {
  readonly root: ShownNode;
  /** Null while the values load, or for a company or category node. */
  readonly figuresOf: (kpiId: number) => TreeNodeFigures | null;
  readonly onToggle: (id: string) => void;
  readonly onOpen: (kpiId: number) => void;
  readonly label: string;
}

/**
 * The KPI tree drawn with d3: the tidy tree layout (kpi-tree-layout), zoom and pan with the wheel,
 * a drag or the buttons, and a WAI-ARIA tree the keyboard walks (domain/kpi-tree/tree-view's
 * treeKey). One node is in the tab order at a time (roving tabindex); the view pans to keep the
 * focused node in sight.
 */
export function KpiTreeChart({ root, figuresOf, onToggle, onOpen, label }: KpiTreeChartProps) {
  const frame = useRef<HTMLDivElement>(null);
  const svg = useRef<SVGSVGElement>(null);
  const layer = useRef<SVGGElement>(null);
  const width = useElementWidth(frame, FALLBACK_WIDTH);
  const layout = useMemo(() => layoutTree(root), [root]);
  const order = useMemo(() => shownInOrder(root), [root]);
  const positions = useMemo(() => new Map(layout.nodes.map((node) => [node.shown.node.id, { x: node.x, y: node.y }] as const)), [layout]);
  const [focusedId, setFocusedId] = useState(root.node.id);
  const moved = useRef(false);
  // A closed ancestor hides the focused node: the focus goes to the nearest shown ancestor.
  const focused = order.find((node) => node.node.id === focusedId) ?? nearestShown(order, focusedId);

  const behaviour = useMemo<ZoomBehavior<SVGSVGElement, unknown>>(
    () =>
      zoom<SVGSVGElement, unknown>()
        .scaleExtent(SCALES)
        .on("zoom", (event: { transform: { toString(): string } }) => {
          if (layer.current) layer.current.setAttribute("transform", event.transform.toString());
        }),
    [],
  );

  // The whole drawing in view, no larger than life and no smaller than FIT_SCALE; a tree taller
  // than that keeps its root in the middle of the view's height.
  const fit = useCallback(() => {
    if (!svg.current) return;
    const { bounds } = layout;
    const scale = Math.max(FIT_SCALE, Math.min(1, (width - 48) / bounds.width, (HEIGHT - 48) / bounds.height));
    const rootY = layout.nodes[0] ? layout.nodes[0].y + TREE_NODE.height / 2 : 0;
    const translateY = bounds.height * scale <= HEIGHT - 48 ? (HEIGHT - bounds.height * scale) / 2 - bounds.y * scale : HEIGHT / 2 - rootY * scale;
    select(svg.current).call(behaviour.transform, zoomIdentity.translate(24 - bounds.x * scale, translateY).scale(scale));
  }, [behaviour, layout, width]);

  // Attached before the first fit (a layout effect too, declared first): attaching resets the zoom.
  useLayoutEffect(() => {
    if (!svg.current) return;
    const selection = select(svg.current).call(behaviour).on("dblclick.zoom", null);
    return () => void selection.on(".zoom", null);
  }, [behaviour]);
  // Fit on the first drawing and on a new root; opening and closing nodes keeps the view.
  const rootId = root.node.id;
  const fittedFor = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (fittedFor.current === rootId) return;
    fittedFor.current = rootId;
    setFocusedId(rootId);
    fit();
  }, [rootId, fit]);
  // The first width measured after the fallback: fit again once.
  const measured = useRef(false);
  useLayoutEffect(() => {
    if (measured.current || width === FALLBACK_WIDTH) return;
    measured.current = true;
    fit();
  }, [width, fit]);

  // After a key moved the focus: focus the element and pan it into sight.
  useEffect(() => {
    if (!moved.current || !svg.current || !focused) return;
    moved.current = false;
    const element = [...svg.current.querySelectorAll<SVGGElement>("[data-node-id]")].find((candidate) => candidate.dataset["nodeId"] === focused.node.id);
    element?.focus({ preventScroll: true });
    const placed = layout.nodes.find((node) => node.shown.node.id === focused.node.id);
    const box = element?.getBoundingClientRect();
    const view = svg.current.getBoundingClientRect();
    if (placed && box && (box.left < view.left || box.right > view.right || box.top < view.top || box.bottom > view.bottom)) {
      select(svg.current).call(behaviour.translateTo, placed.x + TREE_NODE.width / 2, placed.y + TREE_NODE.height / 2);
    }
  }, [focused, layout, behaviour]);

  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    if (!focused || event.altKey || event.ctrlKey || event.metaKey) return;
    const outcome = treeKey(order, focused.node.id, event.key);
    if (outcome.kind === "none") return;
    event.preventDefault();
    moved.current = true;
    if (outcome.kind === "focus") setFocusedId(outcome.id);
    else if (outcome.kind === "toggle") {
      setFocusedId(outcome.id);
      onToggle(outcome.id);
    } else onOpen(outcome.kpiId);
  };
  const zoomBy = (factor: number) => svg.current && select(svg.current).call(behaviour.scaleBy, factor);

  return (
    <Frame ref={frame}>
      <div className="tools" role="group" aria-label="Zoom">
        <Button size="sm" onClick={() => zoomBy(ZOOM_STEP)} aria-label="Zoom in">
          +
        </Button>
        <Button size="sm" onClick={() => zoomBy(1 / ZOOM_STEP)} aria-label="Zoom out">
          −
        </Button>
        <Button size="sm" onClick={fit}>
          Fit to view
        </Button>
      </div>
      <svg ref={svg} width={width} height={HEIGHT} role="tree" aria-label={label} onKeyDown={onKeyDown} data-kpi-tree="">
        <g ref={layer}>
          <g className="links">
            {layout.links.map((link) => (
              <path key={link.id} d={link.path} className={`link ${link.relation}`} />
            ))}
          </g>
          {/* Depth first, as the keys walk them: the reading order of a flat tree. */}
          {order.map((shown) => ({ shown, ...positions.get(shown.node.id)! })).map(({ shown, x, y }) => (
            <KpiTreeNodeBox
              key={shown.node.id}
              shown={shown}
              x={x}
              y={y}
              figures={shown.node.kpiId === null ? null : figuresOf(shown.node.kpiId)}
              focusable={focused?.node.id === shown.node.id}
              siblings={siblingsOf(order, shown)}
              onFocus={() => setFocusedId(shown.node.id)}
              onToggle={() => {
                setFocusedId(shown.node.id);
                onToggle(shown.node.id);
              }}
              onOpen={() => (shown.node.kpiId === null ? onToggle(shown.node.id) : onOpen(shown.node.kpiId))}
            />
          ))}
        </g>
      </svg>
      <p className="hint">Drag to pan, scroll to zoom. Keys: arrows move, Enter opens a KPI, Space or + and − open and close a node.</p>
    </Frame>
  );
}

/** The shown node whose id is the longest prefix of `id` (ids are paths from the root). */
function nearestShown(order: readonly ShownNode[], id: string): ShownNode | undefined {
  return order.filter((node) => id.startsWith(`${node.node.id}/`)).sort((a, b) => b.depth - a.depth)[0] ?? order[0];
}

/** Its position among its siblings and their number, for aria-posinset and aria-setsize. */
function siblingsOf(order: readonly ShownNode[], shown: ShownNode): { position: number; count: number } {
  const parent = order.find((node) => node.node.id === shown.parentId);
  if (!parent) return { position: 1, count: 1 };
  return { position: parent.children.indexOf(shown) + 1, count: parent.children.length };
}

const Frame = styled.div`
  position: relative;
  display: grid;
  gap: ${SPACE.sm};
  min-width: 0;
  .tools { position: absolute; top: ${SPACE.sm}; right: ${SPACE.sm}; display: flex; gap: ${SPACE.xs}; z-index: 1; }
  svg {
    display: block;
    border: 1px solid ${(p) => p.theme.border};
    border-radius: 8px;
    background: ${(p) => p.theme.background};
    cursor: grab;
    touch-action: none;
  }
  svg:active { cursor: grabbing; }
  .link { fill: none; stroke: ${(p) => p.theme.borderStrong}; stroke-width: 1.5; }
  .link.part { stroke-dasharray: 5 4; }
  .hint { margin: 0; color: ${(p) => p.theme.textMuted}; font-size: 12px; }
`;
