import { useEffect } from "react";
import { styled } from "styled-components";
import type { DashboardCard } from "../../../../contracts/custom-dashboards";
import { SavedChartView } from "../../charts/views/saved-chart-view";
import { SPACE } from "../../../ui/tokens";
import { KpiCardBody } from "./kpi-card-body";
import { KpiChartCardBody } from "./kpi-chart-card-body";

export const UNKNOWN_CARD_TEXT = "This card type is not available.";

export interface CardBodyProps {
  readonly card: Pick<DashboardCard, "id" | "title" | "content">;
  /** Paper: no hover or animation; the body says when it has its data (onReady). */
  readonly mode: "screen" | "print";
  /** Called once the body shows its data (or why it has none): paper prints only then. */
  readonly onReady?: () => void;
  /** Rows the card is high on a canvas, for bodies that fill it (charts); none on a grid. */
  readonly height?: number;
}

/**
 * What a dashboard card shows, by type, on screen and on paper alike. The set of types is open:
 * a type this client does not know (a card from a newer version) says so instead of failing.
 */
export function CardBody({ card, mode, onReady, height }: CardBodyProps) {
  const content = card.content as { readonly type: string };
  switch (card.content.type) {
    case "text":
      return <TextCardBody text={card.content.text} {...(onReady ? { onReady } : {})} />;
    case "kpi":
      return <KpiCardBody cardId={card.id} kpiId={card.content.kpiId} mode={mode} {...(onReady ? { onReady } : {})} />;
    case "kpiChart":
      return <KpiChartCardBody cardId={card.id} content={card.content} mode={mode} {...(onReady ? { onReady } : {})} {...(height ? { height } : {})} />;
    case "chart":
      return <SavedChartView chartId={card.content.chartId} mode={mode} {...(onReady ? { onReady } : {})} />;
    default:
      return <UnknownCardBody type={content.type} {...(onReady ? { onReady } : {})} />;
  }
}

/** A text card: its paragraphs as written (blank lines part them, single line breaks stay). */
function TextCardBody({ text, onReady }: { text: string; onReady?: () => void }) {
  useReadyOnce(true, onReady);
  const paragraphs = text.split(/\n\s*\n/).map((paragraph) => paragraph.trim()).filter(Boolean);
  if (paragraphs.length === 0) return <Muted>No text yet.</Muted>;
  return (
    <Prose>
      {paragraphs.map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </Prose>
  );
}

function UnknownCardBody({ onReady }: { type: string; onReady?: () => void }) {
  useReadyOnce(true, onReady);
  return <Muted>{UNKNOWN_CARD_TEXT}</Muted>;
}

/** Calls `onReady` once, the first time `ready` is true. */
export function useReadyOnce(ready: boolean, onReady: (() => void) | undefined) {
  useEffect(() => {
    if (ready) onReady?.();
    // Only `ready` matters: paper waits for the first time every card is ready, and a parent's
    // new callback on each render must not report the card again.
  }, [ready]);
}

const Prose = styled.div`
  display: grid;
  gap: ${SPACE.sm};
  p { margin: 0; white-space: pre-line; overflow-wrap: anywhere; }
`;

export const Muted = styled.p`
  margin: 0;
  color: ${(p) => p.theme.textMuted};
`;
