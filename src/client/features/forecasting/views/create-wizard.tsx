import { useEffect, useRef, useState } from "react";
import { Link } from "wouter";
import { styled } from "styled-components";
import { FORECAST_METHOD_LABELS, FORECAST_NAME_MAX, FORECAST_SOURCE_LABELS, type ForecastSource, type ForecastSources } from "../../../../contracts/forecasting";
import { projectLinear } from "../../../../domain/forecasting/linear-progression";
import { NEEDS_TWO_MONTHS, SPREADSHEET_NO_KPI_DATA } from "../../../../domain/forecasting/texts";
import { timeframeProblems } from "../../../../domain/forecasting/timeframes";
import { monthDateOf, monthIndexOf } from "../../../../domain/months";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { MonthInput } from "../../../ui/compact-controls";
import { FormField } from "../../../ui/form-field";
import { Select, TextInput } from "../../../ui/inputs";
import { Cluster, Stack } from "../../../ui/layout";
import { LoadingState } from "../../../ui/states";
import { Text } from "../../../ui/text";
import { SPACE, TYPE_SCALE } from "../../../ui/tokens";
import { timeframe } from "./format";

const STEPS = ["Name, source and method", "Timeframes", "Review"] as const;
const toMonth = (date: string) => date.slice(0, 7);
const fromMonth = (month: string) => `${month}-01`;

export interface KpiNoteLine {
  readonly name: string;
  readonly message: string;
}

/** Per KPI, what the chosen source and timeframes leave out (the server says the same after creating). */
export function wizardNotes(sources: ForecastSources, source: ForecastSource, actuals: readonly [string, string], forecast: readonly [string, string]): KpiNoteLine[] {
  const notes: KpiNoteLine[] = [];
  const [forecastFrom, forecastTo] = [monthIndexOf(forecast[0]), monthIndexOf(forecast[1])];
  for (const kpi of sources.kpis) {
    if (source === "spreadsheet") {
      if (!kpi.sheetMonths.some((date) => monthIndexOf(date) >= forecastFrom && monthIndexOf(date) <= forecastTo)) notes.push({ name: kpi.name, message: SPREADSHEET_NO_KPI_DATA });
      continue;
    }
    const values = new Map(kpi.actualMonths.map((date) => [monthIndexOf(date), 1] as const));
    const projection = projectLinear(values, [monthIndexOf(actuals[0]), monthIndexOf(actuals[1])], [forecastFrom, forecastTo]);
    if (projection.kind === "too-few-months") notes.push({ name: kpi.name, message: `${NEEDS_TWO_MONTHS} It has ${projection.basisMonths === 0 ? "none" : "1 month"} in the actuals timeframe.` });
  }
  return notes;
}

/**
 * The create wizard (spec: name, source, method, timeframes) in three steps. The timeframes start
 * at the last twelve months of actuals and the twelve months after; the review lists per KPI
 * what will be left out, before anything is created.
 */
export function CreateWizard({ categoryId, categoryName, onClose }: { categoryId: number; categoryName: string; onClose: () => void }) {
  const dispatch = useDispatch();
  const sources = useModel((state: AppState) => state.forecasting.sources);
  const create = useModel((state: AppState) => state.forecasting.create);
  const [step, setStep] = useState(0);
  const [name, setName] = useState("");
  const [source, setSource] = useState<ForecastSource>("meridian");
  const [actuals, setActuals] = useState<[string, string] | null>(null);
  const [forecast, setForecast] = useState<[string, string] | null>(null);
  const [shown, setShown] = useState<Record<string, string[]>>({});
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    dispatch({ _tag: "DismissForecastCreated" });
    dispatch({ _tag: "LoadForecastSources", categoryId });
  }, [dispatch, categoryId]);
  const data = sources.categoryId === categoryId ? sources.data : null;
  useEffect(() => {
    if (!data || actuals) return;
    const last = monthIndexOf(data.lastActualMonth);
    setActuals([monthDateOf(last - 11), monthDateOf(last)]);
    setForecast([monthDateOf(last + 1), monthDateOf(last + 12)]);
  }, [data, actuals]);
  useEffect(() => {
    headingRef.current?.focus();
  }, [step]);
  // The server's refusal: back to the step of the first field it names.
  useEffect(() => {
    if (create.status !== "error") return;
    setShown(create.fields as Record<string, string[]>);
    if (create.fields["name"] || create.fields["source"]) setStep(0);
    else if (Object.keys(create.fields).some((field) => field.endsWith("From") || field.endsWith("To"))) setStep(1);
  }, [create]);

  if (create.status === "created" && create.result) {
    const result = create.result;
    return (
      <Card title={`${result.forecast.name} was created`} padding="lg">
        <Stack $gap="md">
          <Text>It is not active yet: open it to check its values, then activate it from the list.</Text>
          {result.notes.length ? (
            <Alert tone="warning" title={`${result.notes.length === 1 ? "1 KPI has" : `${result.notes.length} KPIs have`} no forecast values`}>
              <NoteList notes={result.notes} />
            </Alert>
          ) : null}
          <Cluster>
            <Link href={`/forecasting/${result.forecast.id}`}>Open {result.forecast.name}</Link>
            <Button
              onClick={() => {
                dispatch({ _tag: "DismissForecastCreated" });
                onClose();
              }}
            >
              Close
            </Button>
          </Cluster>
        </Stack>
      </Card>
    );
  }
  if (!data || !actuals || !forecast) {
    return (
      <Card title="New forecast" padding="lg">
        {sources.status === "error" ? <Alert tone="danger">{sources.message}</Alert> : <LoadingState label="Loading what a forecast can be made from…" />}
      </Card>
    );
  }

  const spreadsheet = data.sources.find((candidate) => candidate.source === "spreadsheet");
  const problems = timeframeProblems(
    { actualsFrom: monthIndexOf(actuals[0]), actualsTo: monthIndexOf(actuals[1]), forecastFrom: monthIndexOf(forecast[0]), forecastTo: monthIndexOf(forecast[1]) },
    monthIndexOf(data.lastActualMonth) + 1,
    source,
  );
  const nameProblem = name.trim() === "" ? "This field may not be blank." : null;
  const notes = wizardNotes(data, source, actuals, forecast);
  const fieldErrors = (field: string) => [...(problems[field] ?? []), ...(shown[field] ?? [])];
  const next = () => {
    if (step === 0 && nameProblem) return setShown({ name: [nameProblem] });
    if (step === 1 && Object.keys(problems).length) return setShown(problems);
    setShown({});
    setStep(step + 1);
  };
  const submit = () =>
    dispatch({
      _tag: "CreateForecast",
      request: { categoryId, name: name.trim(), source, method: "linear_progression", ...(source === "meridian" ? { actualsFrom: actuals[0], actualsTo: actuals[1] } : {}), forecastFrom: forecast[0], forecastTo: forecast[1] },
    });

  return (
    <Card padding="lg" aria-labelledby="forecast-wizard-heading">
      <Stack $gap="md">
        <WizardHeading id="forecast-wizard-heading" tabIndex={-1} ref={headingRef}>
          New forecast for {categoryName}: step {step + 1} of {STEPS.length}, {STEPS[step]}
        </WizardHeading>
        <Steps aria-label="Steps">
          {STEPS.map((label, index) => (
            <li key={label} aria-current={index === step ? "step" : undefined}>
              {index + 1}. {label}
            </li>
          ))}
        </Steps>
        {step === 0 ? (
          <Stack $gap="md">
            <FormField label="Name" required error={shown["name"] ?? null}>
              <TextInput name="name" value={name} maxLength={FORECAST_NAME_MAX} onChange={(event) => setName(event.target.value)} autoComplete="off" />
            </FormField>
            <FormField label="Source" error={shown["source"] ?? null} help={spreadsheet && !spreadsheet.available ? spreadsheet.message : "The company's own actuals, or the forecasting spreadsheet (Data management → Uploads → Forecasting)."}>
              <Select
                value={source}
                onChange={(event) => setSource(event.target.value as ForecastSource)}
                options={data.sources.map((candidate) => ({ value: candidate.source, label: candidate.available ? candidate.label : `${candidate.label} (no data)`, disabled: !candidate.available }))}
              />
            </FormField>
            <FormField label="Method" help="A straight line fitted by least squares through the actuals of the actuals timeframe, continued over the forecast timeframe.">
              <Select value="linear_progression" onChange={() => undefined} options={data.methods.map((method) => ({ value: method.method, label: method.label }))} />
            </FormField>
          </Stack>
        ) : step === 1 ? (
          <Stack $gap="md">
            {source === "meridian" ? (
              <fieldset>
                <legend>Actuals timeframe</legend>
                <Cluster>
                  <MonthInput label="First month" value={toMonth(actuals[0])} max={toMonth(data.lastActualMonth)} onChange={(value) => setActuals([fromMonth(value), actuals[1]])} />
                  <MonthInput label="Last month" value={toMonth(actuals[1])} max={toMonth(data.lastActualMonth)} onChange={(value) => setActuals([actuals[0], fromMonth(value)])} />
                </Cluster>
                <FieldMessages messages={[...fieldErrors("actualsFrom"), ...fieldErrors("actualsTo")]} />
              </fieldset>
            ) : (
              <Text $tone="muted">A spreadsheet forecast takes the spreadsheet's values in the forecast timeframe; it needs no actuals timeframe.</Text>
            )}
            <fieldset>
              <legend>Forecast timeframe</legend>
              <Cluster>
                <MonthInput label="First forecast month" value={toMonth(forecast[0])} onChange={(value) => setForecast([fromMonth(value), forecast[1]])} />
                <MonthInput label="Last forecast month" value={toMonth(forecast[1])} onChange={(value) => setForecast([forecast[0], fromMonth(value)])} />
              </Cluster>
              <FieldMessages messages={[...fieldErrors("forecastFrom"), ...fieldErrors("forecastTo")]} />
            </fieldset>
            {notes.length ? (
              <Alert tone="warning" title={`${notes.length === 1 ? "1 KPI gets" : `${notes.length} KPIs get`} no values with these timeframes`}>
                <NoteList notes={notes} />
              </Alert>
            ) : (
              <Text $size="sm" $tone="muted">
                Every KPI of {categoryName} has enough data for these timeframes.
              </Text>
            )}
          </Stack>
        ) : (
          <Stack $gap="md">
            <Summary>
              <dt>Name</dt>
              <dd>{name.trim()}</dd>
              <dt>Source</dt>
              <dd>{FORECAST_SOURCE_LABELS[source]}</dd>
              <dt>Method</dt>
              <dd>{FORECAST_METHOD_LABELS.linear_progression}</dd>
              <dt>Actuals timeframe</dt>
              <dd>{source === "meridian" ? timeframe(actuals[0], actuals[1]) : "—"}</dd>
              <dt>Forecast timeframe</dt>
              <dd>{timeframe(forecast[0], forecast[1])}</dd>
            </Summary>
            {notes.length ? (
              <Alert tone="warning" title={`${notes.length === 1 ? "1 KPI gets" : `${notes.length} KPIs get`} no values`}>
                <NoteList notes={notes} />
              </Alert>
            ) : null}
            {create.status === "error" && Object.keys(create.fields).length === 0 ? <Alert tone="danger" title="Not created">{create.message}</Alert> : null}
          </Stack>
        )}
        <Cluster $justify="space-between">
          <Button onClick={onClose}>Cancel</Button>
          <Cluster>
            {step > 0 ? <Button onClick={() => setStep(step - 1)}>Back</Button> : null}
            {step < STEPS.length - 1 ? (
              <Button variant="primary" onClick={next}>
                Next
              </Button>
            ) : (
              <Button variant="primary" busy={create.status === "saving"} onClick={submit}>
                Create forecast
              </Button>
            )}
          </Cluster>
        </Cluster>
      </Stack>
    </Card>
  );
}

function NoteList({ notes }: { notes: readonly KpiNoteLine[] }) {
  return (
    <ul>
      {notes.map((note) => (
        <li key={note.name}>
          <strong>{note.name}</strong>: {note.message}
        </li>
      ))}
    </ul>
  );
}

function FieldMessages({ messages }: { messages: readonly string[] }) {
  if (!messages.length) return null;
  return (
    <ErrorList role="alert">
      {[...new Set(messages)].map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ErrorList>
  );
}

const WizardHeading = styled.h2`
  margin: 0;
  font-size: ${TYPE_SCALE.lg.size};
  line-height: ${TYPE_SCALE.lg.lineHeight};
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.focus};
    outline-offset: 2px;
  }
`;

const Steps = styled.ol`
  display: flex;
  flex-wrap: wrap;
  gap: ${SPACE.sm};
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    color: ${({ theme }) => theme.textMuted};
  }
  li[aria-current="step"] {
    font-weight: 600;
    color: inherit;
  }
`;

const Summary = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${SPACE.xs} ${SPACE.md};
  margin: 0;
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
  }
`;

const ErrorList = styled.ul`
  margin: ${SPACE.xs} 0 0;
  padding-left: ${SPACE.md};
  color: ${({ theme }) => theme.danger};
`;
