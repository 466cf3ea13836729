import type { ReactNode } from "react";
import { styled } from "styled-components";

/**
 * PLACEHOLDER until the print pipeline lands (issue 13, print helper): the frame of a page printed
 * for paper. Screens that print compose it; the print pipeline gives it the page header (company
 * name, logo, period), the page size, the theme and the ready signal the renderer waits for.
 */
export interface PrintPageProps {
  /** The document's title, e.g. the dashboard's name. */
  readonly title: string;
  /** The period it shows, e.g. "Oct 2026". */
  readonly period?: string;
  /** True once every block has its data: the renderer prints only then. */
  readonly ready: boolean;
  readonly children?: ReactNode;
}

export function PrintPage({ title, period, ready, children }: PrintPageProps) {
  return (
    <main data-print-ready={ready ? "true" : "false"}>
      <h1>{title}</h1>
      {period ? <p>{period}</p> : null}
      {children}
    </main>
  );
}

/** One block that must never be cut across pages (a card, a table with its caption). */
export const PrintBlock = styled.section<{ $span?: "full" | "half" }>`
  break-inside: avoid;
`;
