import { useDispatch, useModel } from "../../bus/use-model";
import { Button } from "../../ui/primitives";
import type { AppState } from "../state";

/** Named FX rates or local currency (the default), for multi-currency companies only. */
export function FxSelector() {
  const dispatch = useDispatch();
  const company = useModel((state: AppState) => state.session.company);
  const selected = useModel((state: AppState) => state.shell.fxRateId);
  if (!company?.multiCurrency) return null;
  return (
    <label>
      <span style={{ position: "absolute", left: -9999 }}>Currency</span>
      <select
        aria-label="Currency"
        value={selected ?? ""}
        onChange={(event) => dispatch({ _tag: "SelectFxRate", fxRateId: event.target.value === "" ? null : Number(event.target.value) })}
      >
        <option value="">Local currency ({company.localCurrency})</option>
        {company.fxRates.map((rate) => (
          <option key={rate.id} value={rate.id}>
            {rate.name}
          </option>
        ))}
      </select>
    </label>
  );
}

const THEME_LABEL = { dark: "Dark", light: "Light", auto: "Auto" } as const;

/** Cycles dark → light → auto; auto follows the system preference. */
export function ThemeToggle() {
  const dispatch = useDispatch();
  const theme = useModel((state: AppState) => state.shell.theme);
  return (
    <Button onClick={() => dispatch({ _tag: "CycleTheme" })} aria-label={`Theme: ${THEME_LABEL[theme]}. Change theme`}>
      Theme: {THEME_LABEL[theme]}
    </Button>
  );
}

