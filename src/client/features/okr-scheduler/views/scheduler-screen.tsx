import dayjs from "dayjs";
import utc from "dayjs/plugin/utc.js";
import { useEffect, useMemo, useState } from "react";
import { styled } from "styled-components";
import type { CheckInSchedule, ScheduleChangeRequest, SchedulerPeriod, SchedulerYear } from "../../../../contracts/okr-scheduler";
import type { OkrLevel } from "../../../../contracts/okrs";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Badge } from "../../../ui/badge";
import { Button, ButtonLink } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { useConfirm } from "../../../ui/confirm";
import { DataTable } from "../../../ui/data-table";
import { Checkbox, NumberInput, Select, TextInput } from "../../../ui/inputs";
import { Cluster, Page, Stack } from "../../../ui/layout";
import { PageHeader } from "../../../ui/page-header";
import { ErrorState, LoadingState, PermissionDenied } from "../../../ui/states";
import { Table, Td, TableFrame, Th } from "../../../ui/table-parts";
import { RADIUS, SPACE, TYPE_SCALE } from "../../../ui/tokens";
import { VisuallyHidden } from "../../../ui/visually-hidden";
import { actionFor } from "../model";
import { CADENCE_OPTIONS, dayLabel, ENTRY_KIND_LABELS, instantLabel, LEVEL_LABELS, LEVELS, REMINDER_KIND_LABELS, selectMayManageScheduler, WEEKDAY_OPTIONS } from "../scheduler-texts";

dayjs.extend(utc);

/**
 * objectives/scheduler: the company's OKR planning year on a timeline with its periods' draft,
 * set and review dates (editable), the check-in schedule of each level, a month's calendar of due
 * dates and phases, and the reminders upcoming and sent. A year not created yet is created with
 * the company's defaults the moment it is opened (spec section 4).
 */
export default function SchedulerScreen() {
  const allowed = useModel(selectMayManageScheduler);
  return allowed ? <SchedulerPage /> : <PermissionDenied />;
}

function SchedulerPage() {
  const dispatch = useDispatch();
  const year = useModel((state: AppState) => state.okrScheduler.year);
  const plans = useModel((state: AppState) => state.okrScheduler.plans);
  useEffect(() => {
    dispatch({ _tag: "OpenSchedulerYear", year: null });
    dispatch({ _tag: "LoadCheckInSchedules" });
    dispatch({ _tag: "LoadSchedulerCalendar", month: dayjs().format("YYYY-MM") });
  }, [dispatch]);
  const shown = year.value?.year ?? year.requested;
  const open = (next: number) => dispatch({ _tag: "OpenSchedulerYear", year: next });
  return (
    <Page>
      <PageHeader
        title="OKR scheduler"
        description={`Planning years, check-in schedules and the reminders they send${plans ? ` (times in ${plans.timeZone})` : ""}.`}
        actions={
          shown !== null ? (
            <Cluster $gap="xs">
              <Button onClick={() => open(shown - 1)} disabled={year.status !== "loaded" && year.status !== "error"}>
                Previous year
              </Button>
              <Button onClick={() => open(shown + 1)} disabled={year.status !== "loaded" && year.status !== "error"}>
                Next year
              </Button>
              {plans && shown !== plans.currentYear ? <Button onClick={() => open(plans.currentYear)}>This year</Button> : null}
            </Cluster>
          ) : null
        }
      />
      <Stack $gap="xl">
        {year.status === "error" ? (
          <ErrorState message={year.message ?? "The planning year could not be loaded."} onRetry={() => dispatch({ _tag: "OpenSchedulerYear", year: year.requested })} />
        ) : year.status === "creating" ? (
          <LoadingState label={`Creating the planning year ${year.requested} with the company's defaults…`} />
        ) : year.status !== "loaded" || !year.value ? (
          <LoadingState label="Loading the planning year…" />
        ) : (
          <YearCard year={year.value} />
        )}
        <SchedulesCard />
        <CalendarCard />
        <RemindersCard />
      </Stack>
    </Page>
  );
}

// ── the year ────────────────────────────────────────────────────────────────
const SPLIT_LABEL = { quarters: "quarters", trimesters: "trimesters", halves: "halves" } as const;

function YearCard({ year }: { year: SchedulerYear }) {
  return (
    <Card title={`Planning year ${year.label}`} data-testid="planning-year">
      <Stack>
        <p>
          {dayLabel(year.startsOn)} to {dayLabel(year.endsOn)} in {year.periods.length} {SPLIT_LABEL[year.split]}. Drafting opens before a period starts ("set your objectives"), objectives are set early in it, the review and retrospective come at its end; each date sends a reminder at the company's reminder time.
        </p>
        <Timeline year={year} />
        <PeriodsTable year={year} />
      </Stack>
    </Card>
  );
}

/** The year's months with its periods as bars and their phase dates as marks (the table below says the same in words). */
function Timeline({ year }: { year: SchedulerYear }) {
  const start = dayjs.utc(year.startsOn);
  const total = dayjs.utc(year.endsOn).diff(start, "day") + 1;
  const at = (day: string) => `${Math.min(100, Math.max(0, (dayjs.utc(day).diff(start, "day") / total) * 100))}%`;
  const months = Array.from({ length: 12 }, (_, index) => start.add(index, "month"));
  const today = dayjs().format("YYYY-MM-DD");
  return (
    <TimelineFrame aria-hidden="true" data-testid="timeline">
      <div className="months">
        {months.map((month) => (
          <span key={month.format("YYYY-MM")}>{month.format("MMM")}</span>
        ))}
      </div>
      <div className="track">
        {year.periods.map((period, index) => (
          <div key={period.id} className={`bar ${index % 2 === 0 ? "even" : "odd"}`} style={{ left: at(period.startsOn), width: `calc(${at(period.endsOn)} - ${at(period.startsOn)} + ${100 / total}%)` }}>
            {period.name.split(" ")[0]}
          </div>
        ))}
        {year.periods.flatMap((period) =>
          (["draftOn", "setOn", "reviewOn"] as const).map((key) => <span key={`${period.id}-${key}`} className={`mark ${key}`} style={{ left: at(period[key]) }} title={`${period.name} ${key.replace("On", "")}`} />),
        )}
        {today >= year.startsOn && today <= year.endsOn ? <span className="today" style={{ left: at(today) }} /> : null}
      </div>
      <div className="legend">
        <span className="key draftOn" /> Draft <span className="key setOn" /> Set <span className="key reviewOn" /> Review <span className="key today" /> Today
      </div>
    </TimelineFrame>
  );
}

const TimelineFrame = styled.div`
  display: grid;
  gap: ${SPACE.xs};
  .months {
    display: grid;
    grid-template-columns: repeat(12, 1fr);
    font-size: ${TYPE_SCALE.xs.size};
    color: ${(p) => p.theme.textMuted};
    span { border-left: 1px solid ${(p) => p.theme.border}; padding-left: ${SPACE.xxs}; }
  }
  .track {
    position: relative;
    height: 48px;
    background: ${(p) => p.theme.surfaceRaised};
    border-radius: ${RADIUS.md};
  }
  .bar {
    position: absolute;
    top: 8px;
    height: 24px;
    border-radius: ${RADIUS.sm};
    display: flex;
    align-items: center;
    padding-left: ${SPACE.sm};
    font-size: ${TYPE_SCALE.sm.size};
    font-weight: 600;
    color: ${(p) => p.theme.text};
    background: ${(p) => p.theme.accentSurface};
    border: 1px solid ${(p) => p.theme.accent};
    box-sizing: border-box;
  }
  .bar.odd { background: ${(p) => p.theme.infoSurface}; }
  .mark, .today, .key {
    display: inline-block;
    width: 10px;
    height: 10px;
    border-radius: 50%;
  }
  .mark { position: absolute; bottom: 2px; transform: translateX(-50%); }
  .today { position: absolute; top: 0; bottom: 0; width: 2px; height: auto; border-radius: 0; background: ${(p) => p.theme.danger}; }
  .key.today { position: static; width: 10px; height: 10px; }
  .draftOn { background: ${(p) => p.theme.warning}; }
  .setOn { background: ${(p) => p.theme.success}; }
  .reviewOn { background: ${(p) => p.theme.info}; }
  .legend { font-size: ${TYPE_SCALE.xs.size}; color: ${(p) => p.theme.textMuted}; display: flex; gap: ${SPACE.xs}; align-items: center; }
  .legend .key:not(:first-child) { margin-left: ${SPACE.sm}; }
`;

function PeriodsTable({ year }: { year: SchedulerYear }) {
  return (
    <TableFrame label={`Periods of ${year.label}`} maxHeight="none">
      <Table>
        <thead>
          <tr>
            <Th scope="col">Period</Th>
            <Th scope="col">Runs</Th>
            <Th scope="col">Drafting opens</Th>
            <Th scope="col">Objectives set</Th>
            <Th scope="col">Review</Th>
            <Th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Th>
          </tr>
        </thead>
        <tbody>
          {year.periods.map((period) => (
            <PeriodRow key={period.id} period={period} />
          ))}
        </tbody>
      </Table>
    </TableFrame>
  );
}

function PeriodRow({ period }: { period: SchedulerPeriod }) {
  const dispatch = useDispatch();
  const state = useModel((model: AppState) => actionFor(model.okrScheduler, "period", period.id));
  const [draft, setDraft] = useState({ draftOn: period.draftOn, setOn: period.setOn, reviewOn: period.reviewOn });
  // Keyed by the dates, not the object: a reload that changes nothing keeps what the person is typing.
  useEffect(() => setDraft({ draftOn: period.draftOn, setOn: period.setOn, reviewOn: period.reviewOn }), [period.draftOn, period.setOn, period.reviewOn]);
  const dirty = draft.draftOn !== period.draftOn || draft.setOn !== period.setOn || draft.reviewOn !== period.reviewOn;
  const field = (key: keyof typeof draft, label: string) => (
    <Td>
      <TextInput type="date" controlSize="sm" aria-label={`${period.name}: ${label}`} value={draft[key]} aria-invalid={state.fields[key] ? true : undefined} onChange={(event) => setDraft((current) => ({ ...current, [key]: event.target.value }))} />
      {state.fields[key] ? <FieldNote role="alert">{state.fields[key]!.join(" ")}</FieldNote> : null}
    </Td>
  );
  return (
    <tr data-testid={`period-${period.number}`}>
      <Th scope="row">{period.name}</Th>
      <Td>
        {dayLabel(period.startsOn)} – {dayLabel(period.endsOn)}
      </Td>
      {field("draftOn", "drafting opens")}
      {field("setOn", "objectives set")}
      {field("reviewOn", "review")}
      <Td>
        <Button
          size="sm"
          disabled={!dirty}
          busy={state.busy}
          onClick={() =>
            dispatch({
              _tag: "ChangeSchedulerPeriod",
              periodId: period.id,
              change: { ...(draft.draftOn !== period.draftOn ? { draftOn: draft.draftOn } : {}), ...(draft.setOn !== period.setOn ? { setOn: draft.setOn } : {}), ...(draft.reviewOn !== period.reviewOn ? { reviewOn: draft.reviewOn } : {}) },
            })
          }
        >
          Save dates
        </Button>
        {state.message && Object.keys(state.fields).length === 0 ? <FieldNote role="alert">{state.message}</FieldNote> : null}
      </Td>
    </tr>
  );
}

const FieldNote = styled.div`
  color: ${(p) => p.theme.danger};
  font-size: ${TYPE_SCALE.sm.size};
  margin-top: ${SPACE.xxs};
  max-width: 28ch;
`;

// ── schedules ───────────────────────────────────────────────────────────────
function SchedulesCard() {
  const dispatch = useDispatch();
  const model = useModel((state: AppState) => state.okrScheduler.schedules);
  const create = useModel((state: AppState) => actionFor(state.okrScheduler, "schedule-create", null));
  return (
    <Card title="Check-in schedules" data-testid="schedules">
      {model.status === "error" ? (
        <ErrorState message={model.message ?? "The schedules could not be loaded."} onRetry={() => dispatch({ _tag: "LoadCheckInSchedules" })} />
      ) : model.status !== "loaded" ? (
        <LoadingState label="Loading the schedules…" />
      ) : (
        <Stack>
          <p>
            When key results of each level are due for a check-in. At the reminder time ({model.timeZone}) the people responsible for a key result of a running objective get a mail and a notification, unless someone checked in on it since the due date before.
          </p>
          {LEVELS.map((level) => {
            const schedule = model.value.find((candidate) => candidate.level === level);
            return schedule ? (
              <ScheduleRow key={level} schedule={schedule} timeZone={model.timeZone} />
            ) : (
              <LevelRow key={level} data-testid={`schedule-${level}`}>
                <strong>{LEVEL_LABELS[level]} key results</strong>
                <span className="muted">No check-in reminders.</span>
                <Button size="sm" busy={create.busy} onClick={() => dispatch({ _tag: "CreateCheckInSchedule", request: { level, enabled: true } })}>
                  Add {level} schedule
                </Button>
              </LevelRow>
            );
          })}
          {create.message ? <Alert tone="danger">{create.message}</Alert> : null}
        </Stack>
      )}
    </Card>
  );
}

function ScheduleRow({ schedule, timeZone }: { schedule: CheckInSchedule; timeZone: string }) {
  const dispatch = useDispatch();
  const confirm = useConfirm();
  const state = useModel((model: AppState) => actionFor(model.okrScheduler, "schedule", schedule.id));
  const removing = useModel((model: AppState) => actionFor(model.okrScheduler, "schedule-delete", schedule.id));
  // Keyed by the values, not the object: a reload that changes nothing keeps what the person is typing.
  const saved = useMemo(
    () => ({ cadence: schedule.cadence, weekday: schedule.weekday, dayOfMonth: schedule.dayOfMonth, time: schedule.time, enabled: schedule.enabled }),
    [schedule.cadence, schedule.weekday, schedule.dayOfMonth, schedule.time, schedule.enabled],
  );
  const [draft, setDraft] = useState(saved);
  useEffect(() => setDraft(saved), [saved]);
  const change: ScheduleChangeRequest = Object.fromEntries(Object.entries(draft).filter(([key, value]) => saved[key as keyof typeof saved] !== value));
  const dirty = Object.keys(change).length > 0;
  const label = LEVEL_LABELS[schedule.level as OkrLevel];
  const set = <K extends keyof typeof draft>(key: K, value: (typeof draft)[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const errors = Object.values(state.fields).flat();
  return (
    <LevelRow data-testid={`schedule-${schedule.level}`} as="form" onSubmit={(event) => {
      event.preventDefault();
      if (dirty) dispatch({ _tag: "ChangeCheckInSchedule", scheduleId: schedule.id, change });
    }}>
      <strong>{label} key results</strong>
      <Select controlSize="sm" aria-label={`${label} cadence`} value={draft.cadence} options={CADENCE_OPTIONS} onChange={(event) => set("cadence", event.target.value as typeof draft.cadence)} />
      {draft.cadence === "monthly" ? (
        <NumberInput controlSize="sm" aria-label={`${label} day of the month`} min={1} max={31} value={draft.dayOfMonth} onChange={(event) => set("dayOfMonth", Number(event.target.value))} style={{ width: "5.5rem" }} />
      ) : (
        <Select controlSize="sm" aria-label={`${label} weekday`} value={draft.weekday} options={WEEKDAY_OPTIONS} onChange={(event) => set("weekday", Number(event.target.value))} />
      )}
      <TextInput type="time" controlSize="sm" aria-label={`${label} reminder time`} value={draft.time} onChange={(event) => set("time", event.target.value)} style={{ width: "7.5rem" }} />
      <Checkbox label="Reminders on" checked={draft.enabled} onChange={(event) => set("enabled", event.target.checked)} />
      <Button type="submit" size="sm" variant="primary" disabled={!dirty} busy={state.busy}>
        Save {schedule.level} schedule
      </Button>
      <Button
        size="sm"
        variant="quiet"
        busy={removing.busy}
        onClick={async () => {
          if (await confirm({ title: `Delete the ${schedule.level} schedule?`, message: "No more check-in reminders go out for this level; reminders already sent stay on record.", confirmLabel: "Delete", tone: "danger" })) {
            dispatch({ _tag: "DeleteCheckInSchedule", scheduleId: schedule.id, level: schedule.level });
          }
        }}
      >
        Delete
      </Button>
      <span className="muted" data-testid={`schedule-${schedule.level}-summary`}>
        {schedule.description[0]!.toUpperCase() + schedule.description.slice(1)}. {schedule.nextDueAt ? `Next reminder ${instantLabel(schedule.nextDueAt, timeZone)}.` : "Paused."}
      </span>
      {errors.length > 0 || state.message || removing.message ? (
        <Alert tone="danger" style={{ flexBasis: "100%" }}>
          {errors.length > 0 ? errors.join(" ") : (state.message ?? removing.message)}
        </Alert>
      ) : null}
    </LevelRow>
  );
}

const LevelRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${SPACE.sm} ${SPACE.md};
  padding: ${SPACE.md} 0;
  border-top: 1px solid ${(p) => p.theme.border};
  strong { min-width: 11rem; }
  .muted { color: ${(p) => p.theme.textMuted}; font-size: ${TYPE_SCALE.sm.size}; }
`;

// ── calendar ────────────────────────────────────────────────────────────────
const WEEKDAY_HEADERS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const ENTRY_TONES = { check_in: "accent", draft: "warning", set: "good", review: "neutral", period_start: "neutral", period_end: "neutral" } as const;

function CalendarCard() {
  const dispatch = useDispatch();
  const model = useModel((state: AppState) => state.okrScheduler.calendar);
  const month = model.month ?? dayjs().format("YYYY-MM");
  const first = dayjs.utc(`${month}-01`);
  const go = (offset: number) => dispatch({ _tag: "LoadSchedulerCalendar", month: first.add(offset, "month").format("YYYY-MM") });
  const weeks = useMemo(() => {
    const lead = (first.day() + 6) % 7;
    const days = first.daysInMonth();
    const cells: (string | null)[] = [...Array.from({ length: lead }, () => null), ...Array.from({ length: days }, (_, index) => first.add(index, "day").format("YYYY-MM-DD"))];
    while (cells.length % 7 !== 0) cells.push(null);
    return Array.from({ length: cells.length / 7 }, (_, index) => cells.slice(index * 7, index * 7 + 7));
  }, [first]);
  const title = first.format("MMMM YYYY");
  return (
    <Card
      title={`Calendar: ${title}`}
      data-testid="calendar"
      actions={
        <Cluster $gap="xs">
          <Button size="sm" onClick={() => go(-1)}>
            Previous month
          </Button>
          <Button size="sm" onClick={() => go(1)}>
            Next month
          </Button>
        </Cluster>
      }
    >
      {model.status === "error" ? (
        <ErrorState message={model.message ?? "The calendar could not be loaded."} onRetry={() => go(0)} />
      ) : model.status !== "loaded" || !model.value ? (
        <LoadingState label="Loading the calendar…" />
      ) : (
        <TableFrame label={`Due dates and phases in ${title}`} maxHeight="none">
          <CalendarTable>
            <thead>
              <tr>
                {WEEKDAY_HEADERS.map((day) => (
                  <Th scope="col" key={day}>
                    {day}
                  </Th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeks.map((week, index) => (
                <tr key={index}>
                  {week.map((day, column) => (
                    <Td key={day ?? `empty-${index}-${column}`}>
                      {day ? (
                        <>
                          <div className="day">{Number(day.slice(8))}</div>
                          {model.value!.entries
                            .filter((entry) => entry.date === day)
                            .map((entry, position) => (
                              <div key={position} className="entry" title={entry.remindAt ? `${entry.title}; reminder ${instantLabel(entry.remindAt, model.value!.timeZone)}` : entry.title}>
                                <Badge tone={ENTRY_TONES[entry.kind]}>{entry.kind === "check_in" && entry.level ? `${ENTRY_KIND_LABELS[entry.kind]} ${entry.level}` : ENTRY_KIND_LABELS[entry.kind]}</Badge>
                              </div>
                            ))}
                        </>
                      ) : null}
                    </Td>
                  ))}
                </tr>
              ))}
            </tbody>
          </CalendarTable>
        </TableFrame>
      )}
    </Card>
  );
}

const CalendarTable = styled(Table)`
  table-layout: fixed;
  td { vertical-align: top; height: 5.5rem; }
  .day { font-size: ${TYPE_SCALE.sm.size}; color: ${(p) => p.theme.textMuted}; }
  .entry { margin-top: ${SPACE.xxs}; }
`;

// ── reminders ───────────────────────────────────────────────────────────────
function RemindersCard() {
  const model = useModel((state: AppState) => state.okrScheduler.schedules);
  const reminders = model.reminders;
  if (model.status !== "loaded" || !reminders) return null;
  return (
    <Card title="Reminders" data-testid="reminders">
      <Stack $gap="lg">
        <DataTable
          label="Upcoming reminders"
          caption="Upcoming"
          rows={reminders.upcoming}
          rowKey={(row) => `${row.kind}-${row.title}-${row.at}`}
          empty="Nothing scheduled: add a check-in schedule or a planning year."
          maxHeight="none"
          columns={[
            { key: "at", header: "Goes out", cell: (row) => instantLabel(row.at, reminders.timeZone), rowHeader: true },
            { key: "kind", header: "Kind", cell: (row) => REMINDER_KIND_LABELS[row.kind] },
            { key: "title", header: "Reminder", cell: (row) => row.title },
            { key: "recipients", header: "Would reach now", numeric: true, cell: (row) => `${row.recipients} ${row.recipients === 1 ? "person" : "people"}` },
          ]}
        />
        <DataTable
          label="Sent reminders"
          caption="Sent"
          rows={reminders.sent}
          rowKey={(row) => row.id}
          empty="No reminders sent yet."
          maxHeight="24rem"
          columns={[
            { key: "sentAt", header: "Sent", cell: (row) => instantLabel(row.sentAt, reminders.timeZone), rowHeader: true },
            { key: "kind", header: "Kind", cell: (row) => REMINDER_KIND_LABELS[row.kind] },
            { key: "title", header: "Reminder", cell: (row) => row.title },
            { key: "to", header: "To", cell: (row) => row.recipient.name },
          ]}
        />
        <p>
          People get their reminders by mail and as a notification. <ButtonLink href="/settings/okr-settings" size="sm" variant="quiet">Default cadence and reminder time</ButtonLink>
        </p>
      </Stack>
    </Card>
  );
}
