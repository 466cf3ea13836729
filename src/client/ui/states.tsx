import type { ReactNode } from "react";
import { Link } from "wouter";
import { keyframes, styled } from "styled-components";
import { Alert } from "./alert";
import { Button } from "./button";
import { Spinner } from "./spinner";
import { FONT_WEIGHT, RADIUS, SPACE, TYPE_SCALE } from "./tokens";

export interface EmptyStateProps {
  /** What is missing, e.g. "No favourite KPIs yet". */
  readonly title: string;
  /** How to get something here, e.g. "Mark KPIs with the star on a dashboard." */
  readonly text?: ReactNode;
  /** The way forward: a Button or a link. */
  readonly action?: ReactNode;
  /** Heading level of the title in the page outline (default 2). */
  readonly headingLevel?: 2 | 3;
}

/** Nothing to show yet, and what to do about it. Inside a card, a table body, or the page. */
export function EmptyState({ title, text, action, headingLevel = 2 }: EmptyStateProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <StateBox>
      <Heading className="state-title">{title}</Heading>
      {text ? <div className="state-text">{text}</div> : null}
      {action ? <div className="state-action">{action}</div> : null}
    </StateBox>
  );
}

export interface LoadingStateProps {
  /** What is loading, read by screen readers and shown by the spinner: "Loading KPIs…". */
  readonly label?: string;
  /** `skeleton` draws grey lines where content will be (for tables and cards); `spinner` a small ring with the label. */
  readonly variant?: "spinner" | "skeleton";
  /** Lines of the skeleton. */
  readonly lines?: number;
}

/**
 * Content on its way: `aria-busy` with the label in words. Show it only where the content will
 * appear, and keep data already on screen visible while newer data loads.
 */
export function LoadingState({ label = "Loading…", variant = "spinner", lines = 4 }: LoadingStateProps) {
  if (variant === "skeleton") {
    return (
      <Skeleton role="status" aria-busy="true" aria-label={label}>
        {Array.from({ length: lines }, (_, index) => (
          <span key={index} className="line" style={{ width: `${[92, 76, 84, 64][index % 4]}%` }} />
        ))}
      </Skeleton>
    );
  }
  return (
    <Loading role="status" aria-busy="true">
      <Spinner $size={16} />
      <span>{label}</span>
    </Loading>
  );
}

export interface ErrorStateProps {
  /** What went wrong, in the person's words (the API error's display text). */
  readonly message: string | null;
  /** Asks again; shows "Try again". */
  readonly onRetry?: () => void;
  /** A short first line; default "Could not load". */
  readonly title?: string;
  /** The retry is running. */
  readonly busy?: boolean;
}

/** A failed load: the message and "Try again". Replaces the content it could not load. */
export function ErrorState({ message, onRetry, title = "Could not load", busy = false }: ErrorStateProps) {
  return (
    <Alert
      tone="danger"
      title={title}
      action={
        onRetry ? (
          <Button size="sm" onClick={onRetry} busy={busy}>
            Try again
          </Button>
        ) : undefined
      }
    >
      {message}
    </Alert>
  );
}

/** The spec's text for a page or content the person may not use. */
export const PERMISSION_DENIED_TEXT = "You don't have permission to access this content.";

/**
 * What a person sees on a page they may not use: only the spec's explanation, as the page's
 * heading — no controls, no data, no admin forms above it. `headingLevel` 2 for a part of a page
 * (a tab, a card) the person may not see.
 */
export function PermissionDenied({ headingLevel = 1 }: { headingLevel?: 1 | 2 }) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <StateBox $page={headingLevel === 1}>
      <Heading className="state-title" {...(headingLevel === 1 ? { tabIndex: -1, "data-page-heading": "" } : {})}>
        {PERMISSION_DENIED_TEXT}
      </Heading>
    </StateBox>
  );
}

/** The spec's text for an unknown address. */
export const NOT_FOUND_TEXT = "This page does not exist";

/**
 * The 404 page's content: the spec's text (as the page's `h1`) and a way home. `headingLevel` 2
 * where a part of a page was not found (a deleted report in a list).
 */
export function NotFoundState({ homeHref = "/", homeLabel = "Go to the start page", headingLevel = 1 }: { homeHref?: string; homeLabel?: string; headingLevel?: 1 | 2 }) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <StateBox $page={headingLevel === 1}>
      <Heading className="state-title" {...(headingLevel === 1 ? { tabIndex: -1, "data-page-heading": "" } : {})}>
        {NOT_FOUND_TEXT}
      </Heading>
      <div className="state-text">The address may be mistyped, or the page has moved.</div>
      <div className="state-action">
        <Link href={homeHref}>{homeLabel}</Link>
      </div>
    </StateBox>
  );
}

const StateBox = styled.div<{ $page?: boolean }>`
  display: grid;
  justify-items: center;
  gap: ${SPACE.sm};
  padding: ${(p) => (p.$page ? `${SPACE.xxxl} ${SPACE.lg}` : `${SPACE.xl} ${SPACE.lg}`)};
  text-align: center;
  border: ${(p) => (p.$page ? "none" : `1px dashed ${p.theme.border}`)};
  border-radius: ${RADIUS.lg};
  .state-title { font-size: ${(p) => (p.$page ? TYPE_SCALE.xl.size : TYPE_SCALE.lg.size)}; line-height: ${(p) => (p.$page ? TYPE_SCALE.xl.lineHeight : TYPE_SCALE.lg.lineHeight)}; font-weight: ${FONT_WEIGHT.semibold}; max-width: 48ch; }
  .state-text { color: ${(p) => p.theme.textMuted}; max-width: 56ch; }
  .state-action { margin-top: ${SPACE.xs}; }
`;

const Loading = styled.div`
  display: flex;
  align-items: center;
  gap: ${SPACE.sm};
  padding: ${SPACE.md} 0;
  color: ${(p) => p.theme.textMuted};
`;

const pulse = keyframes`50% { opacity: 0.55; }`;

const Skeleton = styled.div`
  display: grid;
  gap: ${SPACE.sm};
  padding: ${SPACE.sm} 0;
  .line { display: block; height: 12px; border-radius: ${RADIUS.sm}; background: ${(p) => p.theme.surfaceRaised}; animation: ${pulse} 1.4s ease-in-out infinite; }
`;
