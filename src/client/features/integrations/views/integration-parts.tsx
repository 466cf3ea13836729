import type { ReactNode } from "react";
import { styled } from "styled-components";
import type { IntegrationItem, SyncRun } from "../../../../contracts/integrations";
import { Badge, type BadgeTone } from "../../../ui/badge";
import { relativeTime } from "../../../ui/relative-time";
import { SPACE, TYPE_SCALE } from "../../../ui/tokens";

const STATUS_TONE: Record<IntegrationItem["status"], BadgeTone> = { connected: "good", needs_sign_in: "warning", sync_error: "bad", recalculating_error: "bad" };

/** An integration's state in words (the spec's texts), coloured by how urgent it is. */
export function StatusBadge({ integration }: { integration: Pick<IntegrationItem, "status" | "statusText"> }) {
  return <Badge tone={STATUS_TONE[integration.status]}>{integration.statusText}</Badge>;
}

const RUN_WORDS: Record<SyncRun["state"], string> = { queued: "Waiting to run", running: "Running", succeeded: "Synchronized", failed: "Failed" };
const RUN_TONE: Record<SyncRun["state"], BadgeTone> = { queued: "neutral", running: "accent", succeeded: "good", failed: "bad" };

export function RunBadge({ run }: { run: SyncRun }) {
  return <Badge tone={RUN_TONE[run.state]}>{run.state === "failed" && run.error ? run.error : RUN_WORDS[run.state]}</Badge>;
}

/** When a run ended (or started, or was asked for), said relative to now. */
export function runTime(run: SyncRun, now: Date): string {
  const at = run.finishedAt ?? run.startedAt ?? run.queuedAt;
  return relativeTime(new Date(at), now);
}

/** "14:32" (today) or "21 Nov, 14:32": a moment in the person's own time zone. */
export function clockTime(iso: string, now: Date): string {
  const at = new Date(iso);
  const time = at.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" });
  return at.toDateString() === now.toDateString() ? time : `${at.toLocaleDateString("en-GB", { day: "numeric", month: "short" })}, ${time}`;
}

/** The run's log lines, each with its time. */
export function RunLog({ run }: { run: SyncRun }) {
  if (run.log.length === 0) return <Muted>{run.state === "queued" ? "Not started yet." : "No lines."}</Muted>;
  return (
    <LogList>
      {run.log.map((line, index) => (
        <li key={index}>
          <time dateTime={line.at}>{new Date(line.at).toLocaleTimeString("en-GB")}</time>
          <span>{line.message}</span>
        </li>
      ))}
    </LogList>
  );
}

export function Muted({ children }: { children: ReactNode }) {
  return <MutedText>{children}</MutedText>;
}

const MutedText = styled.p`
  margin: 0;
  color: ${(p) => p.theme.textMuted};
  font-size: ${TYPE_SCALE.sm.size};
  line-height: ${TYPE_SCALE.sm.lineHeight};
`;

const LogList = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: ${SPACE.xxs};
  font-size: ${TYPE_SCALE.sm.size};
  line-height: ${TYPE_SCALE.sm.lineHeight};
  li { display: grid; grid-template-columns: 5.5em 1fr; gap: ${SPACE.sm}; }
  time { color: ${(p) => p.theme.textMuted}; font-variant-numeric: tabular-nums; }
  span { overflow-wrap: anywhere; }
`;
