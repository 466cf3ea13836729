import { useEffect, useState } from "react";
import { styled } from "styled-components";
import { tokenWarningText, type CopilotSettings } from "../../../../contracts/copilot";
import { formatNumber } from "../../../../domain/kpi/number-format";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Badge } from "../../../ui/badge";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { DataTable } from "../../../ui/data-table";
import { FormField } from "../../../ui/form-field";
import { Checkbox, NumberInput, Select, TextInput } from "../../../ui/inputs";
import { Cluster, Page, Stack } from "../../../ui/layout";
import { PageHeader } from "../../../ui/page-header";
import { ErrorState, LoadingState, PermissionDenied } from "../../../ui/states";
import { SPACE } from "../../../ui/tokens";
import { selectAccess } from "../../session/model";
import { actionFor, usageWarningPercent } from "../model";

const SOURCE_TEXT: Readonly<Record<CopilotSettings["source"], string>> = {
  offline: "The built-in analyst answers from the company's figures; nothing leaves the server.",
  environment: "The model the server is configured with (AI_BASE_URL, AI_MODEL) answers.",
  company: "The company's own OpenAI-compatible endpoint answers.",
};

/** Company administrators (manage_company_settings) or staff. */
export const selectMayManageCopilot = (state: AppState): boolean => {
  const access = selectAccess(state.session);
  return !!access && (access.isStaff || access.permissions.has("manage_company_settings"));
};

/**
 * /settings/chatgpt-settings: the company flag, where answers come from (the built-in analyst,
 * the server's model or the company's own endpoint, its key write-only), the data processing
 * agreement (no external model before it is accepted), the monthly token budget with its warning
 * threshold and this month's usage, and what was sent to an external model, request by request.
 */
export default function CopilotSettingsScreen() {
  const allowed = useModel(selectMayManageCopilot);
  return allowed ? <SettingsPage /> : <PermissionDenied />;
}

function SettingsPage() {
  const dispatch = useDispatch();
  const model = useModel((state: AppState) => state.copilot.settings);
  useEffect(() => {
    dispatch({ _tag: "LoadCopilotSettings" });
    dispatch({ _tag: "LoadModelRequests" });
  }, [dispatch]);
  return (
    <Page>
      <PageHeader title="Copilot settings" description="Whether the copilot is on, which model answers, the data processing agreement, and the monthly AI token budget." />
      {model.status === "error" ? (
        <ErrorState message={model.message ?? "The copilot settings could not be loaded."} onRetry={() => dispatch({ _tag: "LoadCopilotSettings" })} />
      ) : model.status !== "loaded" || !model.value ? (
        <LoadingState label="Loading the copilot settings…" />
      ) : (
        <Stack $gap="xl">
          <ModelCard settings={model.value} />
          <AgreementCard settings={model.value} />
          <BudgetCard settings={model.value} />
          <RequestLog />
        </Stack>
      )}
    </Page>
  );
}

function ModelCard({ settings }: { settings: CopilotSettings }) {
  const dispatch = useDispatch();
  const state = useModel((app: AppState) => actionFor(app.copilot, "settings", null));
  const [enabled, setEnabled] = useState(settings.enabled);
  const [own, setOwn] = useState(settings.source === "company");
  const [baseUrl, setBaseUrl] = useState(settings.baseUrl ?? "");
  const [modelName, setModelName] = useState(settings.model ?? "");
  const [apiKey, setApiKey] = useState("");
  const [removeKey, setRemoveKey] = useState(false);
  useEffect(() => {
    setEnabled(settings.enabled);
    setOwn(settings.source === "company");
    setBaseUrl(settings.baseUrl ?? "");
    setModelName(settings.model ?? "");
    setApiKey("");
    setRemoveKey(false);
  }, [settings]);
  return (
    <Card title="Copilot and model">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          dispatch({
            _tag: "SaveCopilotSettings",
            change: {
              enabled,
              ...(own ? { baseUrl: baseUrl.trim(), model: modelName.trim() } : { baseUrl: null, model: null }),
              ...(apiKey.trim() ? { apiKey: apiKey.trim() } : removeKey || !own ? (settings.hasApiKey ? { apiKey: null } : {}) : {}),
            },
          });
        }}
      >
        <Stack>
          <Checkbox label="The copilot is on for this company" help="People with a copilot permission see the Copilot in the menu." checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
          <p>
            Answers come from: <Badge tone="accent">{settings.source === "offline" ? "Built-in analyst" : settings.source === "environment" ? "Server model" : "Company endpoint"}</Badge> {SOURCE_TEXT[settings.source]}
          </p>
          <FormField label="Model source">
            <Select
              value={own ? "company" : "default"}
              onChange={(event) => setOwn(event.target.value === "company")}
              options={[
                { value: "default", label: "The server's model, or the built-in analyst without one" },
                { value: "company", label: "The company's own OpenAI-compatible endpoint" },
              ]}
            />
          </FormField>
          {own ? (
            <Fields>
              <FormField label="Base URL" error={state.fields["baseUrl"]} help="An OpenAI-compatible chat-completions API, e.g. https://api.example.com/v1">
                <TextInput value={baseUrl} maxLength={500} onChange={(event) => setBaseUrl(event.target.value)} required />
              </FormField>
              <FormField label="Model" error={state.fields["model"]}>
                <TextInput value={modelName} maxLength={120} onChange={(event) => setModelName(event.target.value)} required />
              </FormField>
              <FormField label="API key" error={state.fields["apiKey"]} help={settings.hasApiKey ? "A key is stored (encrypted). Type a new one to replace it." : "Stored encrypted; it is never shown again."}>
                <TextInput type="password" autoComplete="off" value={apiKey} maxLength={500} onChange={(event) => setApiKey(event.target.value)} />
              </FormField>
              {settings.hasApiKey ? <Checkbox label="Remove the stored key" checked={removeKey} onChange={(event) => setRemoveKey(event.target.checked)} /> : null}
            </Fields>
          ) : null}
          {state.message && Object.keys(state.fields).length === 0 ? <Alert tone="danger">{state.message}</Alert> : null}
          <Cluster>
            <Button type="submit" variant="primary" busy={state.busy}>
              Save
            </Button>
          </Cluster>
        </Stack>
      </form>
    </Card>
  );
}

function AgreementCard({ settings }: { settings: CopilotSettings }) {
  const dispatch = useDispatch();
  const state = useModel((app: AppState) => actionFor(app.copilot, "dpa", null));
  return (
    <Card title="Data processing agreement">
      <Stack>
        <p>
          An external model receives the questions and the figures its tools look up. No external model is called until someone with authority for the company accepts the data processing agreement. The built-in analyst needs none.
        </p>
        {settings.dpa ? (
          <Alert tone="success" data-testid="dpa-accepted">
            Accepted by {settings.dpa.acceptedBy} on {new Date(settings.dpa.acceptedAt).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" })}.
          </Alert>
        ) : (
          <Cluster>
            <Button variant="primary" busy={state.busy} onClick={() => dispatch({ _tag: "AcceptDataProcessingAgreement" })}>
              Accept the data processing agreement
            </Button>
          </Cluster>
        )}
        {state.message ? <Alert tone="danger">{state.message}</Alert> : null}
      </Stack>
    </Card>
  );
}

function BudgetCard({ settings }: { settings: CopilotSettings }) {
  const dispatch = useDispatch();
  const state = useModel((app: AppState) => actionFor(app.copilot, "settings", null));
  const [budget, setBudget] = useState(String(settings.monthlyTokenBudget));
  const [threshold, setThreshold] = useState(String(settings.warningThreshold));
  useEffect(() => {
    setBudget(String(settings.monthlyTokenBudget));
    setThreshold(String(settings.warningThreshold));
  }, [settings.monthlyTokenBudget, settings.warningThreshold]);
  const usage = settings.usage;
  const warning = usageWarningPercent(usage);
  const percent = usage.budgetTokens > 0 ? Math.min(100, Math.round((usage.usedTokens / usage.budgetTokens) * 100)) : 0;
  return (
    <Card title="Token budget">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          dispatch({ _tag: "SaveCopilotSettings", change: { monthlyTokenBudget: Number(budget), warningThreshold: Number(threshold) } });
        }}
      >
        <Stack>
          <p data-testid="token-usage">
            {monthName(usage.date)}: {formatNumber(usage.usedTokens, 0)} of {formatNumber(usage.budgetTokens, 0)} tokens used ({percent} %).
          </p>
          <UsageMeter min={0} max={Math.max(usage.budgetTokens, 1)} value={usage.usedTokens} aria-label="Tokens used this month" />
          {warning !== null ? <Alert tone="warning">{tokenWarningText(warning)}</Alert> : null}
          <Fields>
            <FormField label="Monthly token budget" error={state.fields["monthlyTokenBudget"]} help="Questions to an external model stop once it is used up; the built-in analyst goes on.">
              <NumberInput value={budget} onChange={(event) => setBudget(event.target.value)} unit="tokens" />
            </FormField>
            <FormField label="Warn at" error={state.fields["warningThreshold"]} help="The share of the budget after which everyone sees the token-usage warning.">
              <NumberInput value={threshold} onChange={(event) => setThreshold(event.target.value)} unit="%" />
            </FormField>
          </Fields>
          <Cluster>
            <Button type="submit" busy={state.busy}>
              Save the budget
            </Button>
          </Cluster>
        </Stack>
      </form>
    </Card>
  );
}

function RequestLog() {
  const dispatch = useDispatch();
  const model = useModel((state: AppState) => state.copilot.requests);
  return (
    <Card title="Requests to external models">
      {model.status === "error" ? (
        <ErrorState message={model.message ?? ""} onRetry={() => dispatch({ _tag: "LoadModelRequests" })} />
      ) : model.status !== "loaded" ? (
        <LoadingState variant="skeleton" lines={3} label="Loading the request log…" />
      ) : (
        <DataTable
          label="Requests to external models"
          rows={model.value}
          rowKey={(row) => row.id}
          empty="No request has gone to an external model yet."
          maxHeight="420px"
          columns={[
            { key: "at", header: "When", rowHeader: true, cell: (row) => new Date(row.at).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" }), sortValue: (row) => row.at },
            { key: "user", header: "Asked by", cell: (row) => row.user },
            { key: "model", header: "Model", cell: (row) => `${row.model} (${row.baseUrl})` },
            { key: "tokens", header: "Tokens (prompt + answer)", numeric: true, cell: (row) => `${formatNumber(row.promptTokens, 0)} + ${formatNumber(row.completionTokens, 0)}` },
            { key: "ok", header: "Result", cell: (row) => <Badge tone={row.ok ? "good" : "bad"}>{row.ok ? "Answered" : "Failed"}</Badge> },
            { key: "sent", header: "What was sent", cell: (row) => (
              <Sent>
                <summary>Show</summary>
                {row.sent}
              </Sent>
            ) },
          ]}
        />
      )}
    </Card>
  );
}

/** "November 2026" for the month GptUsageMeta counts (its date, YYYY-MM or YYYY-MM-DD). */
const monthName = (date: string) => {
  const [year, month] = date.split("-").map(Number);
  return year && month ? new Date(Date.UTC(year, month - 1, 1)).toLocaleDateString("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }) : date;
};

const UsageMeter = styled.meter`
  width: 100%;
  max-width: 480px;
  height: 12px;
`;

const Fields = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
  gap: ${SPACE.md};
`;

const Sent = styled.details`
  max-width: 420px;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;
