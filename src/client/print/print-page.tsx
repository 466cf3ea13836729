import { createContext, useContext, useLayoutEffect, useRef, useState, type ComponentPropsWithoutRef, type ReactNode } from "react";
import { createGlobalStyle, styled, useTheme } from "styled-components";
import { LOGO_DISPLAY_HEIGHT } from "../../contracts/company";
import { PRINT_FAILED_ATTRIBUTE, PRINT_READY_ATTRIBUTE, type PrintOrientation } from "../../contracts/print";
import { useModel } from "../bus/use-model";
import type { AppState } from "../app/state";
import { Button } from "../ui/button";
import { FONT_WEIGHT, RADIUS, SPACE, TYPE_SCALE } from "../ui/tokens";
import { currentPrintEnvironment } from "./print-session";
import { pageGeometry } from "./page-geometry";

/**
 * The frame of a page printed for paper (issue 13): A4 in the print's orientation (@page), a
 * header with the company, the document's title and period, blocks that are never cut across
 * pages, and the ready signal the server's renderer waits for. The renderer adds the running
 * header and "Page X of Y" in the margins of every page (server/platform/print/page-templates.ts),
 * reading company, title and period from this page's root. In a person's browser (/print/…) a bar
 * above the paper offers Print and the orientation; it is not printed.
 *
 * Screens that print compose it: `ready` once every block has its data; `failed` with a message
 * when they cannot (the renderer stops at once and reports it instead of waiting out its timeout).
 */
export interface PrintPageProps {
  /** The document's title, e.g. the dashboard's name. */
  readonly title: string;
  /** The period it shows, e.g. "Oct 2026". */
  readonly period?: string;
  /** True once every block has its data: the renderer prints only then. */
  readonly ready: boolean;
  /** Why it cannot be printed (its data failed to load); the page shows it and the renderer reports it. */
  readonly failed?: string | null;
  /** The paper's orientation; by default the renderer's, the address's ?orientation=, or landscape. */
  readonly orientation?: PrintOrientation;
  readonly children?: ReactNode;
}

export function PrintPage({ title, period, ready, failed, orientation: chosen, children }: PrintPageProps) {
  const environment = currentPrintEnvironment();
  const [picked, setPicked] = useState<PrintOrientation | null>(null);
  const orientation = picked ?? chosen ?? environment?.orientation ?? "landscape";
  const company = useModel((state: AppState) => state.session.company);
  const sessionError = useModel((state: AppState) => state.session.loadError);
  const failure = failed ?? sessionError;
  const geometry = pageGeometry(orientation);
  // The company's logo of the paper's theme heads the page: the page is ready once it is in (or failed: then the name).
  const paperTheme = useTheme().name;
  const logoVersion = company?.logos?.[paperTheme] ?? null;
  const logo = useModel((state: AppState) => state.shell.logos[paperTheme]);
  const logoSettled = logoVersion === null || logo?.version === logoVersion;
  const isReady = ready && company !== null && !failure && logoSettled;
  const companyName = company?.name ?? "";
  const root = {
    [PRINT_READY_ATTRIBUTE]: isReady ? "true" : "false",
    ...(failure ? { [PRINT_FAILED_ATTRIBUTE]: failure } : {}),
    "data-print-company": companyName,
    "data-print-title": title,
    "data-print-period": period ?? "",
    "data-orientation": orientation,
  };
  return (
    <PageGeometryContext.Provider value={geometry}>
      <PaperStyle $orientation={orientation} />
      {environment?.route.purpose !== "export" && (
        <Toolbar aria-label="Print">
          <Button variant="primary" onClick={() => window.print()} disabled={!isReady}>
            Print
          </Button>
          <Choice role="radiogroup" aria-label="Orientation">
            {(["landscape", "portrait"] as const).map((option) => (
              <Button key={option} variant={option === orientation ? "secondary" : "quiet"} role="radio" aria-checked={option === orientation} onClick={() => setPicked(option)}>
                {option === "landscape" ? "Landscape" : "Portrait"}
              </Button>
            ))}
          </Choice>
          {!isReady && !failure && <Muted aria-live="polite">Preparing the print…</Muted>}
        </Toolbar>
      )}
      <Paper {...root} $widthMm={geometry.widthMm} aria-busy={!isReady && !failure}>
        <Masthead>
          <Wordmark>{logoVersion !== null && logo?.url ? <img src={logo.url} alt={`${companyName} logo`} /> : companyName}</Wordmark>
          <TitleBlock>
            <h1>{title}</h1>
            {period ? <Muted>{period}</Muted> : null}
          </TitleBlock>
        </Masthead>
        {failure ? (
          <Failure role="alert">{failure}</Failure>
        ) : (
          <Blocks>{children}</Blocks>
        )}
      </Paper>
    </PageGeometryContext.Provider>
  );
}

/**
 * One block that must never be cut across pages (a card, a table with its caption): it moves to
 * the next page whole, and one taller than a page's printable height is scaled down to fit.
 * `$span` "full" takes the paper's width, "half" (default) one of two columns.
 */
export function PrintBlock({ $span = "half", children, ...props }: ComponentPropsWithoutRef<"section"> & { readonly $span?: "full" | "half" }) {
  const geometry = useContext(PageGeometryContext);
  const content = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  useLayoutEffect(() => {
    const element = content.current;
    if (!element) return;
    const measure = () => {
      // The natural height, overflow included, measured unzoomed (zoom shrinks layout itself, so
      // paper breaks see the scaled block; measuring it zoomed would undo the scale).
      const zoom = element.style.zoom;
      element.style.zoom = "1";
      const natural = element.scrollHeight;
      element.style.zoom = zoom;
      const next = natural > geometry.blockMaxHeightPx ? Math.max(0.2, Math.floor((geometry.blockMaxHeightPx / natural) * 1000) / 1000) : 1;
      setScale((current) => (current === next ? current : next));
    };
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [geometry.blockMaxHeightPx]);
  const scaled = scale < 1;
  return (
    <Block {...props} $span={$span} data-print-block="" data-scaled={scaled ? String(scale) : undefined}>
      <div ref={content} style={scaled ? { zoom: scale } : undefined}>
        {children}
      </div>
    </Block>
  );
}

const PageGeometryContext = createContext(pageGeometry("landscape"));

/** A4 and its margins for the browser's own printing (the renderer sets the same margins). */
const PaperStyle = createGlobalStyle<{ $orientation: PrintOrientation }>`
  @page {
    size: A4 ${(p) => p.$orientation};
    margin: ${(p) => `${pageGeometry(p.$orientation).headerMm}mm 0 ${pageGeometry(p.$orientation).footerMm}mm 0`};
  }
  html, body { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  @media print {
    html, body { background: ${(p) => p.theme.background}; }
  }
`;

const Toolbar = styled.nav`
  display: flex;
  align-items: center;
  gap: ${SPACE.md};
  padding: ${SPACE.md} ${SPACE.xl};
  border-bottom: 1px solid ${(p) => p.theme.border};
  background: ${(p) => p.theme.surface};
  @media print {
    display: none;
  }
`;

const Choice = styled.div`
  display: inline-flex;
  gap: ${SPACE.xs};
`;

const Paper = styled.main<{ $widthMm: number }>`
  box-sizing: border-box;
  width: ${(p) => p.$widthMm}mm;
  max-width: 100%;
  margin: 0 auto;
  padding: 0 12mm;
  background: ${(p) => p.theme.background};
  color: ${(p) => p.theme.text};
`;

const Masthead = styled.header`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: ${SPACE.lg};
  padding: ${SPACE.lg} 0 ${SPACE.md};
  margin-bottom: ${SPACE.lg};
  border-bottom: 2px solid ${(p) => p.theme.accent};
  break-after: avoid;
`;

/** The company's mark: its name (the app keeps no logo files yet). */
const Wordmark = styled.p`
  img { display: block; max-height: ${LOGO_DISPLAY_HEIGHT / 2}px; max-width: 60mm; object-fit: contain; }
  font-size: ${TYPE_SCALE.lg.size};
  font-weight: ${FONT_WEIGHT.bold};
  letter-spacing: -0.02em;
  color: ${(p) => p.theme.accent};
`;

const TitleBlock = styled.div`
  text-align: right;
  h1 {
    font-size: ${TYPE_SCALE.xl.size};
  }
`;

const Muted = styled.p`
  color: ${(p) => p.theme.textMuted};
`;

const Failure = styled.p`
  padding: ${SPACE.lg};
  border-radius: ${RADIUS.md};
  background: ${(p) => p.theme.dangerSurface};
  color: ${(p) => p.theme.text};
`;

/**
 * Blocks flow in rows that wrap: two halves side by side, a full block alone. A screen may group
 * blocks in rows of its own (a canvas's rows): any other child takes the whole width.
 */
const Blocks = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: ${SPACE.lg};
  padding-bottom: ${SPACE.lg};
  & > :not([data-print-block]) {
    flex: 0 0 100%;
    min-width: 0;
  }
`;

const Block = styled.section<{ $span: "full" | "half" }>`
  flex: 0 0 ${(p) => (p.$span === "full" ? "100%" : `calc(50% - ${SPACE.lg} / 2)`)};
  break-inside: avoid;
  page-break-inside: avoid;
  min-width: 0;
`;
