import { useEffect, useMemo, useState, type FormEvent } from "react";
import { styled } from "styled-components";
import { monthIndexOf, monthLabel } from "../../../../domain/months";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { FilterSelect, MonthInput } from "../../../ui/compact-controls";
import { FormField } from "../../../ui/form-field";
import { NumberInput } from "../../../ui/inputs";
import { Stack } from "../../../ui/layout";
import { ErrorState, LoadingState } from "../../../ui/states";
import { Table, TableFrame, Td, Th } from "../../../ui/table-parts";
import { Text } from "../../../ui/text";

/** How many of a currency's newest months the card lists. */
const SHOWN_MONTHS = 12;

/**
 * The holding's own exchange rates (docs/decisions.md, "Holding instance"): per currency of its
 * subsidiaries and month, the average rate (flows) and the month-end rate (balances), as units of
 * the holding's currency for one unit of the other. Administrators set a month's pair; a month set
 * again is replaced. A month without rates leaves the roll-up's figures empty, named.
 */
export function RatesCard({ currencies, canManage }: { readonly currencies: readonly string[]; readonly canManage: boolean }) {
  const dispatch = useDispatch();
  const rates = useModel((state: AppState) => state.holding.rates);
  const save = useModel((state: AppState) => state.holding.rateSave);
  const revision = useModel((state: AppState) => state.holding.revision);
  useEffect(() => {
    dispatch({ _tag: "LoadHoldingRates" });
  }, [dispatch, revision]);

  const holdingCurrency = rates.data?.currency ?? "";
  const choices = useMemo(() => [...new Set([...currencies, ...(rates.data?.rates.map((rate) => rate.currency) ?? [])])].filter((code) => code !== holdingCurrency).sort(), [currencies, rates.data, holdingCurrency]);
  const [chosen, setChosen] = useState<string | null>(null);
  const currency = chosen !== null && choices.includes(chosen) ? chosen : (choices[0] ?? null);
  const shown = (rates.data?.rates ?? []).filter((rate) => rate.currency === currency).slice(-SHOWN_MONTHS).reverse();
  const [month, setMonth] = useState("");
  const [average, setAverage] = useState("");
  const [monthEnd, setMonthEnd] = useState("");
  useEffect(() => {
    if (save.status === "saved") {
      setAverage("");
      setMonthEnd("");
    }
  }, [save.status]);
  const fieldError = (field: string) => save.fields[`rates.0.${field}`] ?? save.fields[field];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!currency || month === "") return;
    dispatch({ _tag: "SaveHoldingRate", rate: { currency, month: `${month}-01`, average_rate: Number(average), month_end_rate: Number(monthEnd) } });
  };

  return (
    <Card title="Exchange rates" actions={choices.length > 1 && currency ? <FilterSelect label="Currency" value={currency} options={choices.map((code) => ({ value: code, label: code }))} onChange={setChosen} /> : undefined}>
      {rates.status === "error" ? (
        <ErrorState message={rates.message ?? ""} onRetry={() => dispatch({ _tag: "LoadHoldingRates" })} />
      ) : !rates.data ? (
        <LoadingState label="Loading the rates…" />
      ) : currency === null ? (
        <Text $tone="muted">{`Every reporting company reports in ${holdingCurrency}: no rates are needed.`}</Text>
      ) : (
        <Stack $gap="md">
          <Text $tone="muted">{`Units of ${holdingCurrency} for one ${currency}. Flows are converted at the month's average rate, balances at the month-end rate.`}</Text>
          {canManage ? (
            <RateForm onSubmit={submit} noValidate aria-label={`Set a ${currency} rate`}>
              <MonthInput label="Month" value={month} onChange={setMonth} />
              <FormField label="Average rate" error={fieldError("average_rate")}>
                <NumberInput value={average} onChange={(event) => setAverage(event.target.value)} />
              </FormField>
              <FormField label="Month-end rate" error={fieldError("month_end_rate")}>
                <NumberInput value={monthEnd} onChange={(event) => setMonthEnd(event.target.value)} />
              </FormField>
              <Button type="submit" busy={save.status === "saving"} disabled={month === "" || average === "" || monthEnd === ""}>
                Save rate
              </Button>
            </RateForm>
          ) : null}
          {save.status === "saved" && save.saved ? <Alert tone="success">{`${save.saved.currency} rates for ${monthLabel(monthIndexOf(save.saved.month))} saved.`}</Alert> : null}
          {save.status === "error" && Object.keys(save.fields).length === 0 ? <Alert tone="danger">{save.message}</Alert> : null}
          {save.status === "error" && save.fields["rates"] ? <Alert tone="danger">{save.fields["rates"].join(" ")}</Alert> : null}
          {shown.length === 0 ? (
            <Text $tone="muted">{`No ${currency} rates yet.`}</Text>
          ) : (
            <TableFrame label={`${currency} rates, newest first`} maxHeight="320px">
              <Table>
                <thead>
                  <tr>
                    <Th scope="col">Month</Th>
                    <Th scope="col" numeric>
                      Average
                    </Th>
                    <Th scope="col" numeric>
                      Month end
                    </Th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((rate) => (
                    <tr key={rate.month} data-rate-month={rate.month}>
                      <Th scope="row">{monthLabel(monthIndexOf(rate.month))}</Th>
                      <Td numeric>{rate.average_rate.toFixed(4)}</Td>
                      <Td numeric>{rate.month_end_rate.toFixed(4)}</Td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </TableFrame>
          )}
        </Stack>
      )}
    </Card>
  );
}

const RateForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 12px;
  > div { flex: 0 1 160px; }
`;

