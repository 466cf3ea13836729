import dayjs from "dayjs";
import { useEffect, useMemo } from "react";
import { styled } from "styled-components";
import type { OkrAction, OkrPeriod } from "../../../../contracts/messages/okrs";
import type { OkrPerson, StatusOption } from "../../../../contracts/okrs";
import { monthIndexAt } from "../../../../domain/months";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { FilterSelect } from "../../../ui/compact-controls";
import { FONT_WEIGHT, RADIUS, SPACE, TYPE_SCALE } from "../../../ui/tokens";
import { VisuallyHidden } from "../../../ui/visually-hidden";
import { currentQuarter, periodKey, periodOptions } from "../period";

/** A bar from 0 to 100 % with the figure beside it; "No value yet" while progress is null. */
export function ProgressBar({ value, label, size = "md" }: { value: number | null; label: string; size?: "sm" | "md" }) {
  const shown = value === null ? null : Math.round(value);
  return (
    <Bar $size={size}>
      <div className="track" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={shown ?? undefined} aria-valuetext={shown === null ? "No value yet" : `${shown} %`}>
        <div className="fill" style={{ width: `${shown ?? 0}%` }} />
      </div>
      <span className="figure" aria-hidden="true">
        {shown === null ? "–" : `${shown} %`}
      </span>
    </Bar>
  );
}

const Bar = styled.div<{ $size: "sm" | "md" }>`
  display: flex;
  align-items: center;
  gap: ${SPACE.sm};
  min-width: 0;
  .track { flex: 1; height: ${(p) => (p.$size === "sm" ? "6px" : "8px")}; border-radius: ${RADIUS.pill}; background: ${(p) => p.theme.surfaceHover}; border: 1px solid ${(p) => p.theme.border}; overflow: hidden; }
  .fill { height: 100%; background: ${(p) => p.theme.accent}; transition: width 0.3s ease; }
  .figure { flex: none; min-width: 3.5em; text-align: right; font-variant-numeric: tabular-nums; font-size: ${TYPE_SCALE.sm.size}; color: ${(p) => p.theme.text}; }
`;

/** A status with its colour as a swatch; the name carries the meaning. */
export function StatusLabel({ statusId, statuses }: { statusId: number | null; statuses: readonly StatusOption[] }) {
  const status = statuses.find((candidate) => candidate.id === statusId);
  if (!status) return <Swatch className="muted">No status</Swatch>;
  return (
    <Swatch data-testid="status-label">
      <span className="dot" style={{ background: status.color }} aria-hidden="true" />
      {status.name}
    </Swatch>
  );
}

const Swatch = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${SPACE.xs};
  font-size: ${TYPE_SCALE.sm.size};
  color: ${(p) => p.theme.text};
  &.muted { color: ${(p) => p.theme.textMuted}; }
  .dot { width: 10px; height: 10px; border-radius: ${RADIUS.pill}; border: 1px solid ${(p) => p.theme.borderStrong}; }
`;

export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join("");

/** Responsible people as initials (the full names for screen readers and on hover). */
export function PeopleInitials({ people, label = "Responsible" }: { people: readonly OkrPerson[]; label?: string }) {
  if (people.length === 0) return null;
  return (
    <Initials aria-label={`${label}: ${people.map((person) => person.name).join(", ")}`} role="list">
      {people.map((person) => (
        <span key={person.id} className="initials" title={person.name} role="listitem">
          <span aria-hidden="true">{initialsOf(person.name)}</span>
          <VisuallyHidden>{person.name}</VisuallyHidden>
        </span>
      ))}
    </Initials>
  );
}

const Initials = styled.span`
  display: inline-flex;
  gap: ${SPACE.xxs};
  .initials {
    display: inline-grid;
    place-items: center;
    width: 26px;
    height: 26px;
    border-radius: ${RADIUS.pill};
    background: ${(p) => p.theme.accentSurface};
    color: ${(p) => p.theme.text};
    border: 1px solid ${(p) => p.theme.border};
    font-size: ${TYPE_SCALE.xs.size};
    font-weight: ${FONT_WEIGHT.semibold};
  }
`;

/** The person's period for the objective screens: the chosen one, else the current fiscal quarter. */
export function useOkrPeriod(): { period: OkrPeriod; fiscalYearOffset: number } {
  const chosen = useModel((state: AppState) => state.okrs.period);
  const fiscalYearOffset = useModel((state: AppState) => state.session.company?.fiscal_year_offset ?? 0);
  const fallback = useMemo(() => currentQuarter(monthIndexAt(dayjs().toDate()), fiscalYearOffset), [fiscalYearOffset]);
  return { period: chosen ?? fallback, fiscalYearOffset };
}

/** Quarters and fiscal years, last year to next. */
export function PeriodPicker({ period, fiscalYearOffset }: { period: OkrPeriod; fiscalYearOffset: number }) {
  const dispatch = useDispatch();
  const options = useMemo(() => periodOptions(monthIndexAt(dayjs().toDate()), fiscalYearOffset), [fiscalYearOffset]);
  const current = periodKey(period);
  const all = options.some((option) => option.key === current) ? options : [{ key: current, label: "Chosen period", period }, ...options];
  return (
    <FilterSelect
      label="Period"
      value={current}
      options={all.map((option) => ({ value: option.key, label: option.label }))}
      onChange={(key) => {
        const option = all.find((candidate) => candidate.key === key);
        if (option) dispatch({ _tag: "ChooseOkrPeriod", period: option.period });
      }}
    />
  );
}

/** Statuses, units and people, loaded once per visit to the objective screens. */
export function useOkrContext() {
  const dispatch = useDispatch();
  const context = useModel((state: AppState) => state.okrs.context);
  useEffect(() => {
    dispatch({ _tag: "LoadOkrContext" });
  }, [dispatch]);
  return context;
}

/** Changes made without a form (delete, reorder, a milestone's box): their failure shows on the page, by the objective-error rule. */
export function ActionError({ actions }: { actions: readonly OkrAction[] }) {
  const action = useModel((state: AppState) => state.okrs.action);
  if (action.status !== "error" || action.action === null || !actions.includes(action.action)) return null;
  return (
    <Alert tone="danger" title="Not saved" data-testid="okr-action-error">
      {action.message}
    </Alert>
  );
}
