import { useEffect, useRef, useState } from "react";
import { styled } from "styled-components";
import { monthIndexOf, monthLabel } from "../../../../domain/months";
import { Button } from "../../../ui/button";
import { MonthInput } from "../../../ui/compact-controls";
import { FieldError } from "../../../ui/form-field";
import { FONT_WEIGHT, SPACE, TYPE_SCALE } from "../../../ui/tokens";

export const FOLLOWS_REPORTING_MONTH = "Follows the reporting month";

export interface EndingMonthFieldProps {
  /** The chart's last month ("YYYY-MM-01"), or null while it follows the reporting month. */
  readonly value: string | null;
  /** The reporting month now ("YYYY-MM-01"): said in the empty state, and where a fixed month starts. */
  readonly reportingMonth: string;
  readonly onChange: (endMonth: string | null) => void;
  readonly error?: readonly string[] | undefined;
}

/**
 * When a chart's period ends. Empty, it follows the reporting month (the chart moves on with it),
 * and says so in words instead of showing an empty month box; "Choose a month" fixes the end at
 * a month picker (starting at the reporting month), "Follow the reporting month" goes back.
 * Focus moves to the control that replaces the pressed button.
 */
export function EndingMonthField({ value, reportingMonth, onChange, error }: EndingMonthFieldProps) {
  const frame = useRef<HTMLFieldSetElement>(null);
  const [focusAfterSwitch, setFocusAfterSwitch] = useState<"month" | "choose" | null>(null);
  useEffect(() => {
    if (!focusAfterSwitch) return;
    frame.current?.querySelector<HTMLElement>(focusAfterSwitch === "month" ? "input" : "button")?.focus();
    setFocusAfterSwitch(null);
  }, [focusAfterSwitch, value]);
  const errorId = "chart-ending-error";
  return (
    <Frame ref={frame} aria-describedby={error?.length ? errorId : undefined}>
      <legend>Ending</legend>
      {value === null ? (
        <div className="line">
          <p className="follows" data-ending="follows">
            <span>{FOLLOWS_REPORTING_MONTH}</span>
            <span className="now">now {monthLabel(monthIndexOf(reportingMonth))}</span>
          </p>
          <Button
            size="sm"
            onClick={() => {
              onChange(reportingMonth);
              setFocusAfterSwitch("month");
            }}
          >
            Choose a month
          </Button>
        </div>
      ) : (
        <div className="line">
          <MonthInput label="Last month" value={value.slice(0, 7)} onChange={(month) => onChange(`${month}-01`)} />
          <Button
            size="sm"
            variant="quiet"
            onClick={() => {
              onChange(null);
              setFocusAfterSwitch("choose");
            }}
          >
            Follow the reporting month
          </Button>
        </div>
      )}
      {error?.length ? <FieldError id={errorId} label="Ending" messages={error} /> : null}
    </Frame>
  );
}

const Frame = styled.fieldset`
  /* A field like the others of the form: no box of its own, the legend as its label. */
  border: 0;
  padding: 0;
  margin: 0;
  min-width: 0;
  display: grid;
  gap: ${SPACE.xs};
  legend { padding: 0; margin-bottom: ${SPACE.xs}; font-size: ${TYPE_SCALE.sm.size}; line-height: ${TYPE_SCALE.sm.lineHeight}; font-weight: ${FONT_WEIGHT.medium}; color: ${(p) => p.theme.text}; }
  .line { display: flex; flex-wrap: wrap; align-items: end; gap: ${SPACE.sm}; }
  .follows { margin: 0; display: grid; font-size: ${TYPE_SCALE.md.size}; line-height: ${TYPE_SCALE.md.lineHeight}; color: ${(p) => p.theme.text}; }
  .now { font-size: ${TYPE_SCALE.sm.size}; color: ${(p) => p.theme.textMuted}; }
`;
