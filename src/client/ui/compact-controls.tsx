import { useId } from "react";
import { styled } from "styled-components";
import { controlBox, selectBox } from "./control-style";
import type { SelectOption } from "./inputs";
import { FONT_WEIGHT, RADIUS, SPACE, TYPE_SCALE } from "./tokens";

/*
 * Small labelled controls for filter bars and toolbars: the label sits above the control in the
 * small type, so many fit on one line. Each is complete (label included) and typed by its value.
 */

export interface FilterSelectProps<T extends string | number> {
  readonly label: string;
  readonly value: T;
  readonly options: readonly SelectOption<T>[];
  readonly onChange: (value: T) => void;
  readonly disabled?: boolean;
}

/** A labelled compact select whose value keeps its type (a number stays a number). */
export function FilterSelect<T extends string | number>({ label, value, options, onChange, disabled }: FilterSelectProps<T>) {
  const id = useId();
  return (
    <CompactLabel>
      <label className="caption" htmlFor={id}>
        {label}
      </label>
      <CompactSelectBox
        id={id}
        value={String(value)}
        disabled={disabled}
        onChange={(event) => {
          const chosen = options.find((option) => String(option.value) === event.target.value);
          if (chosen) onChange(chosen.value);
        }}
      >
        {options.map((option) => (
          <option key={String(option.value)} value={String(option.value)} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </CompactSelectBox>
    </CompactLabel>
  );
}

export interface MonthInputProps {
  readonly label: string;
  /** The month as "YYYY-MM". */
  readonly value: string;
  /** Called with a complete "YYYY-MM" only (a half-typed month is not a change). */
  readonly onChange: (month: string) => void;
  readonly min?: string;
  readonly max?: string;
  readonly disabled?: boolean;
}

/** A labelled month picker (the browser's month input; where it has none, a "YYYY-MM" text box). */
export function MonthInput(props: MonthInputProps) {
  return <CompactPatternInput {...props} type="month" placeholder="YYYY-MM" pattern="[0-9]{4}-[0-9]{2}" accepts={(text) => /^\d{4}-\d{2}$/.test(text)} />;
}

export interface DateInputProps {
  readonly label: string;
  /** The day as "YYYY-MM-DD", or "" for none (the control's default meaning, e.g. today). */
  readonly value: string;
  /** Called with a complete "YYYY-MM-DD", or "" when cleared. */
  readonly onChange: (date: string) => void;
  readonly min?: string;
  readonly max?: string;
  readonly disabled?: boolean;
}

/** A labelled day picker (the browser's date input; where it has none, a "YYYY-MM-DD" text box). */
export function DateInput(props: DateInputProps) {
  return <CompactPatternInput {...props} type="date" placeholder="YYYY-MM-DD" pattern="[0-9]{4}-[0-9]{2}-[0-9]{2}" accepts={(text) => text === "" || /^\d{4}-\d{2}-\d{2}$/.test(text)} />;
}

/**
 * The month and day pickers' shared body: a labelled browser input that falls back to a text box
 * with `placeholder` and `pattern`, passing on only values `accepts` (a half-typed one is no change).
 */
function CompactPatternInput({ label, value, onChange, min, max, disabled, type, placeholder, pattern, accepts }: MonthInputProps & { type: "month" | "date"; placeholder: string; pattern: string; accepts: (text: string) => boolean }) {
  const id = useId();
  return (
    <CompactLabel>
      <label className="caption" htmlFor={id}>
        {label}
      </label>
      <CompactInputBox
        id={id}
        type={type}
        value={value}
        min={min}
        max={max}
        disabled={disabled}
        placeholder={placeholder}
        pattern={pattern}
        onChange={(event) => {
          if (accepts(event.target.value)) onChange(event.target.value);
        }}
      />
    </CompactLabel>
  );
}

export interface CheckboxGroupProps<T extends string> {
  /** Names the group (a fieldset legend), e.g. "Trend". */
  readonly legend: string;
  readonly options: readonly { readonly value: T; readonly label: string }[];
  /** The checked values. */
  readonly value: readonly T[];
  readonly onChange: (value: T[]) => void;
  readonly disabled?: boolean;
}

/** Several on/off choices of one kind as a row of checkable chips, e.g. trend directions. */
export function CheckboxGroup<T extends string>({ legend, options, value, onChange, disabled }: CheckboxGroupProps<T>) {
  return (
    <ChoiceGroup disabled={disabled}>
      <legend className="caption">{legend}</legend>
      <div className="choices">
        {options.map((option) => (
          <label key={option.value} className="chip">
            <input
              type="checkbox"
              checked={value.includes(option.value)}
              onChange={(event) => onChange(event.target.checked ? options.map((o) => o.value).filter((v) => v === option.value || value.includes(v)) : value.filter((v) => v !== option.value))}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </ChoiceGroup>
  );
}

export interface SegmentedControlProps<T extends string> {
  /** Names the group, e.g. "Bucket size". Shown above unless `hideLabel`. */
  readonly label: string;
  readonly options: readonly { readonly value: T; readonly label: string; readonly title?: string }[];
  readonly value: T;
  readonly onChange: (value: T) => void;
  /** Keep the label for screen readers only, where the options speak for themselves (M / Q / HY / Y next to a chart). */
  readonly hideLabel?: boolean;
  readonly disabled?: boolean;
}

/**
 * One choice out of a few short options, all visible: M / Q / HY / Y. Radio buttons underneath,
 * so arrow keys move the choice as people expect.
 */
export function SegmentedControl<T extends string>({ label, options, value, onChange, hideLabel = false, disabled }: SegmentedControlProps<T>) {
  const name = useId();
  return (
    <ChoiceGroup disabled={disabled} $hideLegend={hideLabel}>
      <legend className="caption">{label}</legend>
      <div className="segments">
        {options.map((option) => (
          <label key={option.value} className="segment" title={option.title}>
            <input type="radio" name={name} value={option.value} checked={option.value === value} onChange={() => onChange(option.value)} />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </ChoiceGroup>
  );
}

const caption = `
  font-size: ${TYPE_SCALE.xs.size};
  line-height: ${TYPE_SCALE.xs.lineHeight};
  font-weight: ${FONT_WEIGHT.medium};
  white-space: nowrap;
`;

const CompactLabel = styled.div`
  display: grid;
  gap: ${SPACE.xxs};
  min-width: 0;
  .caption { ${caption} color: ${(p) => p.theme.textMuted}; }
`;

const CompactSelectBox = styled.select`
  ${selectBox("sm")}
`;

const CompactInputBox = styled.input`
  ${controlBox("sm")}
  width: 10.5em;
  &::-webkit-calendar-picker-indicator { filter: ${(p) => (p.theme.name === "dark" ? "invert(0.85)" : "none")}; cursor: pointer; }
`;

const ChoiceGroup = styled.fieldset<{ $hideLegend?: boolean }>`
  display: grid;
  gap: ${SPACE.xxs};
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
  legend {
    ${caption}
    padding: 0;
    color: ${(p) => p.theme.textMuted};
    float: left;
    width: 100%;
    ${(p) => (p.$hideLegend ? "position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap;" : "")}
  }
  .choices, .segments { display: flex; flex-wrap: wrap; clear: both; }
  .choices { gap: ${SPACE.xs}; }
  .chip, .segment { position: relative; display: inline-flex; align-items: center; cursor: pointer; }
  .chip input, .segment input { position: absolute; inset: 0; opacity: 0; margin: 0; cursor: pointer; }
  .chip span, .segment span {
    display: inline-flex;
    align-items: center;
    gap: ${SPACE.xs};
    min-height: 28px;
    padding: 0 ${SPACE.sm};
    border: 1px solid ${(p) => p.theme.borderStrong};
    font-size: ${TYPE_SCALE.sm.size};
    white-space: nowrap;
    color: ${(p) => p.theme.text};
    background: ${(p) => p.theme.surface};
  }
  .chip span { border-radius: ${RADIUS.pill}; padding: 0 ${SPACE.sm} 0 6px; }
  .chip span::before { content: ""; width: 12px; height: 12px; border-radius: 3px; border: 1px solid ${(p) => p.theme.borderStrong}; flex: none; }
  .chip input:checked + span { background: ${(p) => p.theme.accentSurface}; border-color: ${(p) => p.theme.accent}; }
  .chip input:checked + span::before { background: ${(p) => p.theme.accent}; border-color: ${(p) => p.theme.accent}; box-shadow: inset 0 0 0 2px ${(p) => p.theme.accentSurface}; }
  .segment + .segment span { margin-left: -1px; }
  .segment:first-child span { border-radius: ${RADIUS.md} 0 0 ${RADIUS.md}; }
  .segment:last-child span { border-radius: 0 ${RADIUS.md} ${RADIUS.md} 0; }
  .segment input:checked + span { background: ${(p) => p.theme.accent}; border-color: ${(p) => p.theme.accent}; color: ${(p) => p.theme.accentText}; font-weight: ${FONT_WEIGHT.semibold}; position: relative; z-index: 1; }
  .chip:hover input:not(:checked) + span, .segment:hover input:not(:checked) + span { background: ${(p) => p.theme.surfaceHover}; }
  input:focus-visible + span { outline: 2px solid ${(p) => p.theme.focus}; outline-offset: 2px; position: relative; z-index: 2; }
  &:disabled .chip span, &:disabled .segment span { color: ${(p) => p.theme.disabledText}; background: ${(p) => p.theme.disabledSurface}; border-color: transparent; cursor: not-allowed; }
`;
