import { useEffect, useState } from "react";
import { useParams } from "wouter";
import type { AccountingSetup } from "../../../../contracts/accounting";
import { ACCOUNTING_INTEGRATION, accountingWizardPath } from "../../../../domain/integrations/accounting";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Badge } from "../../../ui/badge";
import { Button } from "../../../ui/button";
import { Page, Stack } from "../../../ui/layout";
import { PageHeader } from "../../../ui/page-header";
import { EmptyState, ErrorState, LoadingState, NotFoundState, PermissionDenied } from "../../../ui/states";
import { selectCanManageIntegrations } from "../permissions";
import { BookingsStep } from "./bookings-step";
import { MappingStep } from "./mapping-step";
import { OpenPositionsStep } from "./open-positions-step";
import { StatementStep } from "./statement-step";
import { UploadStep } from "./upload-step";
import { WizardSteps, type WizardStep } from "./wizard-steps";

type StepKey = "statement" | "upload" | "bookings" | "positions" | "mapping";

/**
 * /integration/{name}/wizard: the accounting import wizard. Five steps: the financial statement,
 * the raw data upload, the bookings, the open positions of debtors and creditors, and the category
 * mapping with the completion that fills the P&L. Only the accounting integration has a wizard;
 * another name is a page that does not exist.
 */
export default function AccountingWizardScreen() {
  const { name = "" } = useParams<{ name: string }>();
  const allowed = useModel(selectCanManageIntegrations);
  if (name !== ACCOUNTING_INTEGRATION.name) return <NotFoundState />;
  return allowed ? <AccountingWizard /> : <PermissionDenied />;
}

function AccountingWizard() {
  const dispatch = useDispatch();
  const setup = useModel((state: AppState) => state.accounting.setup);
  useEffect(() => {
    dispatch({ _tag: "LoadAccountingSetup" });
  }, [dispatch]);

  const data = setup.data;
  return (
    <Page>
      <PageHeader
        breadcrumbs={[{ label: "Integrations", href: "/integration" }, { label: ACCOUNTING_INTEGRATION.label, href: accountingWizardPath() }]}
        title={ACCOUNTING_INTEGRATION.label}
        description="Import your bookkeeping's bookings, see them and the open positions of debtors and creditors, map the accounts to your P&L, and fill the P&L's monthly actuals."
        titleAddon={data ? <Badge tone={data.status === "completed" ? "good" : "neutral"}>{data.status === "completed" ? "Setup completed" : "Setup not started"}</Badge> : null}
      />
      {data ? (
        <Wizard setup={data} />
      ) : setup.status === "error" ? (
        <ErrorState message={setup.message ?? "The setup could not be loaded."} onRetry={() => dispatch({ _tag: "LoadAccountingSetup" })} />
      ) : (
        <LoadingState label="Loading the setup…" />
      )}
    </Page>
  );
}

/** The first step that still needs the person: the statement, then the upload, then the mapping. */
function firstOpenStep(setup: AccountingSetup): StepKey {
  if (setup.statement.categoryId === null) return "statement";
  if (!setup.import) return "upload";
  return "mapping";
}

function Wizard({ setup }: { setup: AccountingSetup }) {
  const [step, setStep] = useState<StepKey>(() => firstOpenStep(setup));
  const hasImport = setup.import !== null;
  const steps: WizardStep<StepKey>[] = [
    { key: "statement", label: "Financial statement", done: setup.statement.categoryId !== null && setup.statement.lines.length > 0 },
    { key: "upload", label: "Raw data upload", done: hasImport },
    { key: "bookings", label: "Bookings", done: hasImport },
    { key: "positions", label: "Open positions", done: hasImport },
    { key: "mapping", label: "Category mapping", done: setup.status === "completed" },
  ];
  const needsImport = (
    <EmptyState
      title="Upload the raw data first"
      text="The bookings, the open positions and the accounts to map come from the ZIP archive."
      action={
        <Button variant="primary" onClick={() => setStep("upload")}>
          Go to the raw data upload
        </Button>
      }
    />
  );
  const withImport = setup.import ? { ...setup, import: setup.import } : null;
  return (
    <Stack $gap="lg">
      <WizardSteps steps={steps} current={step} onSelect={setStep} />
      {step === "statement" ? <StatementStep setup={setup} /> : null}
      {step === "upload" ? <UploadStep setup={setup} /> : null}
      {step === "bookings" ? (withImport ? <BookingsStep setup={withImport} /> : needsImport) : null}
      {step === "positions" ? (withImport ? <OpenPositionsStep setup={withImport} /> : needsImport) : null}
      {step === "mapping" ? (withImport ? <MappingStep setup={withImport} /> : needsImport) : null}
    </Stack>
  );
}
