import type { ReactNode } from "react";
import { Link } from "wouter";
import { styled } from "styled-components";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { FONT_WEIGHT, SPACE, TYPE_SCALE } from "../../../ui/tokens";
import type { WarehouseView } from "./hooks";

/**
 * A view's body: its content once loaded (kept, marked busy, while a newer request runs), a
 * skeleton before, the error with "Try again" when the load failed.
 */
export function ViewBody<V extends WarehouseView<any>>({ view, label, children }: { view: V; label: string; children: (data: NonNullable<V["data"]>) => ReactNode }) {
  if (view.status === "error" && !view.data) return <ErrorState message={view.message} onRetry={view.reload} />;
  if (!view.data) return <LoadingState variant="skeleton" label={`Loading ${label}…`} />;
  return (
    <Busy aria-busy={view.status === "loading" || view.stale ? "true" : undefined} data-busy={view.status === "loading" || view.stale ? "" : undefined}>
      {view.status === "error" ? <ErrorState message={view.message} onRetry={view.reload} title="Could not load the newest figures" /> : null}
      {children(view.data as NonNullable<V["data"]>)}
    </Busy>
  );
}

const Busy = styled.div`
  display: grid;
  gap: ${SPACE.md};
  min-width: 0;
  transition: opacity 120ms;
  &[data-busy] { opacity: 0.6; }
`;

/** A row of key figures: label over value. */
export function Figures({ items }: { items: readonly { readonly label: string; readonly value: string; readonly note?: string | undefined }[] }) {
  return (
    <FigureList>
      {items.map((item) => (
        <div key={item.label}>
          <dt>{item.label}</dt>
          <dd>
            {item.value}
            {item.note ? <span className="note">{item.note}</span> : null}
          </dd>
        </div>
      ))}
    </FigureList>
  );
}

const FigureList = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: ${SPACE.md} ${SPACE.xl};
  margin: 0;
  dt { color: ${(p) => p.theme.textMuted}; font-size: ${TYPE_SCALE.sm.size}; }
  dd { margin: 0; font-size: ${TYPE_SCALE.xl.size}; line-height: ${TYPE_SCALE.xl.lineHeight}; font-weight: ${FONT_WEIGHT.semibold}; font-variant-numeric: tabular-nums; white-space: nowrap; }
  .note { display: block; font-size: ${TYPE_SCALE.sm.size}; font-weight: ${FONT_WEIGHT.regular}; color: ${(p) => p.theme.textMuted}; }
`;

/** No raw data yet: where to load some. */
export function NoRawData({ what, canUpload }: { what: string; canUpload: boolean }) {
  return (
    <EmptyState
      headingLevel={3}
      title={`No ${what} yet`}
      text={canUpload ? "Upload the company's raw data as CSV files, and the figures appear here." : "Someone who manages the company's data uploads it as CSV files; the figures appear here then."}
      action={canUpload ? <Link href="/warehouse/raw-data">Go to raw data</Link> : undefined}
    />
  );
}
