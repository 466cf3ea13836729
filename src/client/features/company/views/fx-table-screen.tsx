import { useEffect, useMemo, useState } from "react";
import { styled } from "styled-components";
import type { CurrencyDetail } from "../../../../contracts/kpis";
import { applyFxEdits, fxCellsForYear, fxDateHeader } from "../../../../domain/company/fx-grid";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Badge } from "../../../ui/badge";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { FormField } from "../../../ui/form-field";
import { NumberInput, Select } from "../../../ui/inputs";
import { Cluster, Page, Stack } from "../../../ui/layout";
import { PageHeader } from "../../../ui/page-header";
import { EmptyState, ErrorState, LoadingState, PermissionDenied } from "../../../ui/states";
import { Table, TableFrame, Td, Th } from "../../../ui/table-parts";
import { selectMayManageCompany, selectMayReadFxTable } from "../permissions";
import { FxRateDialog, type FxRateDialogTarget } from "./fx-rate-dialog";

/**
 * settings/currency-settings: the FX table over the currency API. The corporate currency (rate 1)
 * and each named FX rate with its monthly rates for a chosen year: a rate applies from its month
 * on until the next one, and the earliest applies to all months before it. Administrators edit
 * cells, create and rename rates; readers of reporting view.
 */
export default function FxTableScreen() {
  const mayRead = useModel(selectMayReadFxTable);
  return mayRead ? <FxTable /> : <PermissionDenied />;
}

function FxTable() {
  const dispatch = useDispatch();
  const fx = useModel((state: AppState) => state.company.fx);
  const mayManage = useModel(selectMayManageCompany);
  const [year, setYear] = useState(() => new Date().getFullYear());
  const [dialog, setDialog] = useState<FxRateDialogTarget | null>(null);
  useEffect(() => {
    dispatch({ _tag: "LoadFxTable" });
  }, [dispatch]);
  const corporate = fx.currencies.find((currency) => currency.corporate);
  const named = fx.currencies.filter((currency) => !currency.corporate);
  const years = useMemo(() => yearChoices(named, year), [named, year]);
  const action = useModel((state: AppState) => state.company.action);
  const saveError = action.action === "fx-rates" && action.status === "error" ? action.message : null;
  return (
    <Page>
      <PageHeader
        title="Currency settings"
        description="Named FX rates convert values from the corporate currency. A rate applies from its month until the next; the earliest also applies to every month before it."
        actions={
          mayManage ? (
            <Button variant="primary" onClick={() => setDialog({ currency: null, year })}>
              New FX rate
            </Button>
          ) : null
        }
      />
      {fx.status === "error" ? (
        <ErrorState message={fx.message ?? "The FX rates could not be loaded."} onRetry={() => dispatch({ _tag: "LoadFxTable" })} />
      ) : fx.status !== "loaded" ? (
        <LoadingState label="Loading the FX rates…" />
      ) : (
        <Stack $gap="lg">
          {saveError ? (
            <Alert tone="danger" title="The rates were not saved">
              {saveError}
            </Alert>
          ) : null}
          <Card title="Corporate currency">
            <p>
              <strong>{corporate?.code}</strong> at rate 1: values are stored in it, and it is shown when no FX rate is chosen. {mayManage ? "Change it in the company settings (local currency)." : ""}
            </p>
          </Card>
          <Card
            title="FX rates"
            padding="md"
            actions={
              <div style={{ minWidth: 120 }}>
                <FormField label="Year">
                  <Select value={year} onChange={(event) => setYear(Number(event.target.value))} options={years.map((value) => ({ value, label: String(value) }))} />
                </FormField>
              </div>
            }
          >
            {named.length === 0 ? (
              <EmptyState title="No named FX rates" text={mayManage ? "Create one to let people view figures in another currency." : "An administrator can add named FX rates here."} headingLevel={2} />
            ) : (
              <FxGrid currencies={named} year={year} editable={mayManage} onRename={(currency) => setDialog({ currency, year })} />
            )}
          </Card>
        </Stack>
      )}
      {dialog ? <FxRateDialog target={dialog} onClose={() => setDialog(null)} /> : null}
    </Page>
  );
}

/** The years that have rates, the current one and the chosen one, so every dated rate can be reached. */
function yearChoices(currencies: readonly CurrencyDetail[], chosen: number): number[] {
  const years = new Set<number>([new Date().getFullYear(), chosen, new Date().getFullYear() + 1]);
  for (const currency of currencies) for (const rate of currency.rates) years.add(Number(rate.validFrom.slice(0, 4)));
  return [...years].sort((a, b) => a - b);
}

function FxGrid({ currencies, year, editable, onRename }: { currencies: readonly CurrencyDetail[]; year: number; editable: boolean; onRename: (currency: CurrencyDetail) => void }) {
  const months = fxCellsForYear([], year).map((cell) => cell.month);
  return (
    <TableFrame label={`FX rates ${year}`}>
      <Table>
        <thead>
          <tr>
            <Th scope="col" sticky>
              FX rate
            </Th>
            {months.map((month) => (
              <Th scope="col" numeric key={month}>
                {fxDateHeader(month)}
              </Th>
            ))}
            {editable ? <Th scope="col">Actions</Th> : null}
          </tr>
        </thead>
        <tbody>
          {currencies.map((currency) => (
            <FxRow key={currency.id} currency={currency} year={year} editable={editable} onRename={onRename} />
          ))}
        </tbody>
      </Table>
    </TableFrame>
  );
}

/**
 * One named rate's months. Cells show the rate dated in the month; an empty cell shows, greyed,
 * the rate carried into it. Edits stay in the row until saved; a wrong number is named in its cell.
 */
function FxRow({ currency, year, editable, onRename }: { currency: CurrencyDetail; year: number; editable: boolean; onRename: (currency: CurrencyDetail) => void }) {
  const dispatch = useDispatch();
  const action = useModel((state: AppState) => state.company.action);
  const [edits, setEdits] = useState<Record<string, string>>({});
  // A saved (or reloaded) rate list replaces the row's edits.
  useEffect(() => setEdits({}), [currency]);
  const cells = fxCellsForYear(currency.rates, year);
  const result = applyFxEdits(currency.rates, edits);
  const errors = "errors" in result ? result.errors : {};
  const dirty = Object.keys(edits).length > 0;
  const saving = action.action === "fx-rates" && action.status === "busy";
  const save = () => {
    if ("rates" in result) dispatch({ _tag: "SaveFxRates", currencyId: currency.id, rates: result.rates });
  };
  return (
    <tr data-testid={`fx-row-${currency.name}`}>
      <Th scope="row" sticky>
        <span className="rate-name">
          {currency.name} <Badge>{currency.code}</Badge>
        </span>
      </Th>
      {cells.map((cell) => {
        const label = `${currency.name} rate from ${fxDateHeader(cell.month)}`;
        const text = edits[cell.month] ?? (cell.stored === null ? "" : String(cell.stored));
        return (
          <Td numeric key={cell.month}>
            {editable ? (
              <Cell
                controlSize="sm"
                aria-label={label}
                value={text}
                placeholder={cell.effective === null ? "" : String(cell.effective)}
                aria-invalid={errors[cell.month] ? true : undefined}
                title={errors[cell.month] ?? (cell.stored === null && cell.effective !== null ? `Carried: ${cell.effective}` : undefined)}
                onChange={(event) => {
                  const value = event.target.value;
                  setEdits((current) => ({ ...current, [cell.month]: value }));
                }}
                onKeyDown={(event) => {
                  if (event.key === "Enter") save();
                  if (event.key === "Escape") setEdits({});
                }}
              />
            ) : (
              <span aria-label={label} className={cell.stored === null ? "carried" : undefined}>
                {cell.effective ?? "–"}
              </span>
            )}
          </Td>
        );
      })}
      {editable ? (
        <Td>
          <Cluster $gap="xs" style={{ flexWrap: "nowrap" }}>
            <Button size="sm" variant="primary" disabled={!dirty || "errors" in result} busy={saving && dirty} onClick={save} aria-label={`Save ${currency.name} rates`}>
              Save
            </Button>
            {dirty ? (
              <Button size="sm" variant="quiet" onClick={() => setEdits({})} aria-label={`Discard ${currency.name} edits`}>
                Discard
              </Button>
            ) : null}
            <Button size="sm" variant="quiet" onClick={() => onRename(currency)} aria-label={`Rename ${currency.name}`}>
              Rename
            </Button>
          </Cluster>
          {Object.values(errors).length > 0 ? (
            <Alert tone="danger" role="status">
              {[...new Set(Object.values(errors))].join(" ")}
            </Alert>
          ) : null}
        </Td>
      ) : null}
    </tr>
  );
}

const Cell = styled(NumberInput)`
  width: 76px;
  &::placeholder { color: ${(p) => p.theme.textMuted}; opacity: 0.7; }
`;
