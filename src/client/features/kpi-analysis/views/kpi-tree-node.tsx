import type { MouseEvent } from "react";
import { styled } from "styled-components";
import type { ShownNode } from "../../../../domain/kpi-tree/tree-view";
import { sparklineGeometry } from "../../../charts/sparkline";
import type { TreeNodeFigures } from "./kpi-tree-figures";
import { TREE_NODE } from "./kpi-tree-layout";

const PAD = 12;
const SPARK = { width: 72, height: 26 } as const;
/** Names up to NAME_CHARS show as they are; up to SQUEEZED_CHARS narrowed to fit; longer ones cut at a word. */
const NAME_CHARS = 27;
const SQUEEZED_CHARS = 40;
const NOTE_CHARS = 40;

export interface KpiTreeNodeBoxProps {
  readonly shown: ShownNode;
  readonly x: number;
  readonly y: number;
  readonly figures: TreeNodeFigures | null;
  /** The one node in the tab order (roving tabindex). */
  readonly focusable: boolean;
  readonly siblings: { readonly position: number; readonly count: number };
  readonly onFocus: () => void;
  readonly onToggle: () => void;
  readonly onOpen: () => void;
}

/**
 * One node of the KPI tree: a KPI with its actual, the plan and the deviation (in the KPI's good
 * direction's colour) and its last twelve months as a sparkline; or the company or a category.
 * A KPI shown in more than one place says so; the round button on its right edge opens and
 * closes its inputs. Its accessible name carries what the box shows.
 */
export function KpiTreeNodeBox({ shown, x, y, figures, focusable, siblings, onFocus, onToggle, onOpen }: KpiTreeNodeBoxProps) {
  const { node } = shown;
  // One line of notes fits: the most telling is shown, all are in the node's name.
  const notes = [...(figures?.coverage ?? []), ...(noteOf(shown) ? [noteOf(shown)!] : [])];
  const note = notes[0] ? shortened(notes[0], NOTE_CHARS) : null;
  const spark = figures ? sparklineGeometry(figures.sparkline, SPARK.width, SPARK.height) : null;
  const name = shownName(node.label);
  const toggle = (event: MouseEvent) => {
    event.stopPropagation();
    onToggle();
  };
  // Each text ends with a space: text nodes are read one after the other, and "110" followed by
  // "Plan" must stay two words for the node's name to contain what it shows.
  return (
    <Box
      transform={`translate(${x},${y})`}
      role="treeitem"
      tabIndex={focusable ? 0 : -1}
      aria-level={shown.depth + 1}
      aria-posinset={siblings.position}
      aria-setsize={siblings.count}
      aria-expanded={shown.hasChildren ? shown.expanded : undefined}
      aria-selected={focusable}
      aria-label={accessibleName(shown, name.text, figures, notes)}
      data-node-id={node.id}
      data-kpi-id={node.kpiId ?? undefined}
      data-kind={node.kind}
      onFocus={onFocus}
      onClick={onOpen}
      $kind={node.kind}
    >
      <title>{node.label}</title>
      <rect className="frame" width={TREE_NODE.width} height={TREE_NODE.height} rx={8} />
      <text className="name" x={PAD} y={22} {...(name.squeezed ? { textLength: TREE_NODE.width - 2 * PAD, lengthAdjust: "spacingAndGlyphs" } : {})}>
        {name.text}{" "}
      </text>
      {node.kind === "kpi" ? (
        <>
          <text className="actual" x={PAD} y={47}>
            {figures?.actual ?? "…"}{" "}
          </text>
          {spark?.path ? (
            <g transform={`translate(${TREE_NODE.width - PAD - SPARK.width - 8},${28})`} aria-hidden="true">
              <path className="spark" d={spark.path} />
              {spark.last ? <circle className="spark-dot" cx={spark.last.x} cy={spark.last.y} r={2.5} /> : null}
            </g>
          ) : null}
          <text className="plan" x={PAD} y={67}>
            {figures ? `${figures.plan} ` : ""}
            {figures ? (
              <tspan className={`deviation ${figures.tone}`} dx={8}>
                {figures.deviation}{" "}
              </tspan>
            ) : null}
          </text>
        </>
      ) : (
        <text className="plan" x={PAD} y={47}>
          {groupText(node)}{" "}
        </text>
      )}
      {note ? (
        <text className={`note ${node.cycle ? "warning" : ""}`} x={PAD} y={84}>
          {note}{" "}
        </text>
      ) : null}
      {shown.hasChildren ? (
        <g className="toggle" transform={`translate(${TREE_NODE.width},${TREE_NODE.height / 2})`} onClick={toggle} aria-hidden="true">
          <circle r={10} />
          {/* Drawn, not text: the sign is no part of the node's name. */}
          <path d={shown.expanded ? "M-4.5,0H4.5" : "M-4.5,0H4.5M0,-4.5V4.5"} />
        </g>
      ) : null}
    </Box>
  );
}

/** The small line at the bottom: shared, circular, or inputs the reader cannot see. */
function noteOf({ node, hasChildren, expanded }: ShownNode): string | null {
  if (node.cycle) return "Circular formula: not expanded";
  const parts: string[] = [];
  if (node.usedIn.length > 1) parts.push(`Shared: used by ${node.usedIn.length} KPIs`);
  if (node.hiddenInputs > 0) parts.push(`${node.hiddenInputs} ${node.hiddenInputs === 1 ? "input" : "inputs"} hidden`);
  if (node.kind === "kpi" && hasChildren && !expanded) parts.push(`${node.children.length} ${node.children.length === 1 ? "input" : "inputs"} closed`);
  return parts.length ? parts.join(" · ") : null;
}

/**
 * What the box shows, in its order (so a person using speech input can name what they see), then
 * what it leaves out: which KPIs read a shared one.
 */
function accessibleName({ node }: ShownNode, shownLabel: string, figures: TreeNodeFigures | null, notes: readonly string[]): string {
  // A cut name is said as shown, then whole in parentheses.
  const words = [shownLabel === node.label ? node.label : `${shownLabel} (${node.label})`];
  if (node.kind !== "kpi") words.push(groupText(node));
  else if (figures) words.push(figures.actual, figures.plan, figures.deviation);
  words.push(...notes);
  if (node.usedIn.length > 1) words.push(`used by ${node.usedIn.join(", ")}`);
  return words.join(", ");
}

function groupText(node: ShownNode["node"]): string {
  const count = node.children.length;
  return node.kind === "company" ? `${count} ${count === 1 ? "category" : "categories"}` : `${count} top ${count === 1 ? "KPI" : "KPIs"}`;
}

const Box = styled.g<{ $kind: ShownNode["node"]["kind"] }>`
  cursor: pointer;
  outline: none;
  .frame {
    fill: ${(p) => (p.$kind === "kpi" ? p.theme.surface : p.theme.surfaceRaised)};
    stroke: ${(p) => p.theme.border};
    stroke-width: 1;
  }
  &:hover .frame { stroke: ${(p) => p.theme.borderStrong}; }
  &:focus-visible .frame, &:focus .frame { stroke: ${(p) => p.theme.focus}; stroke-width: 3; }
  text { font-family: inherit; fill: ${(p) => p.theme.text}; }
  .name { font-size: 13px; font-weight: 600; }
  .actual { font-size: 17px; font-weight: 600; font-variant-numeric: tabular-nums; }
  .plan { font-size: 12px; fill: ${(p) => p.theme.textMuted}; font-variant-numeric: tabular-nums; }
  .deviation { font-weight: 600; }
  .deviation.good { fill: ${(p) => p.theme.good}; }
  .deviation.bad { fill: ${(p) => p.theme.bad}; }
  .deviation.neutral { fill: ${(p) => p.theme.textMuted}; }
  .note { font-size: 11px; fill: ${(p) => p.theme.textMuted}; }
  .note.warning { fill: ${(p) => p.theme.warning}; }
  .spark { fill: none; stroke: ${(p) => p.theme.accent}; stroke-width: 1.5; stroke-linejoin: round; }
  .spark-dot { fill: ${(p) => p.theme.accent}; }
  .toggle circle { fill: ${(p) => p.theme.surfaceRaised}; stroke: ${(p) => p.theme.borderStrong}; }
  .toggle path { stroke: ${(p) => p.theme.text}; stroke-width: 1.75; stroke-linecap: round; }
  .toggle:hover circle { fill: ${(p) => p.theme.surfaceHover}; }
`;

/** The name as the box shows it: whole, whole but narrowed, or cut at a word. */
export function shownName(label: string): { text: string; squeezed: boolean } {
  if (label.length <= NAME_CHARS) return { text: label, squeezed: false };
  if (label.length <= SQUEEZED_CHARS) return { text: label, squeezed: true };
  return { text: shortened(label, NAME_CHARS), squeezed: false };
}

/** `text` cut after its last whole word within `chars`, with an ellipsis: what is shown is still words of the name. */
export function shortened(text: string, chars: number): string {
  if (text.length <= chars) return text;
  const cut = text.slice(0, chars - 1);
  const space = cut.lastIndexOf(" ");
  return `${space > chars / 2 ? cut.slice(0, space) : cut}…`;
}
