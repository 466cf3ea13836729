import { useId, type ComponentPropsWithRef, type ReactNode } from "react";
import { styled } from "styled-components";
import { controlBox, selectBox } from "./control-style";
import { FieldError, useField, type FieldBinding } from "./form-field";
import { numeric } from "./numeric";
import { FONT_WEIGHT, SPACE, TYPE_SCALE, type ControlSize } from "./tokens";

interface SizeProp {
  /** `md` in forms; `sm` in filter bars, tables and other dense places. */
  readonly controlSize?: ControlSize;
}

/** A one-line text input. Inside a FormField it takes the field's label, help and error. */
export function TextInput({ controlSize = "md", ...props }: ComponentPropsWithRef<"input"> & SizeProp) {
  return <TextBox $size={controlSize} type="text" {...bind(useField(), props)} />;
}

/**
 * Several lines of text (a query, a note). `code` sets it in a monospaced face without spelling or
 * autocorrection, for text a machine reads. Inside a FormField it takes the field's label.
 */
export function TextArea({ code = false, rows = 6, ...props }: ComponentPropsWithRef<"textarea"> & { readonly code?: boolean }) {
  const codeProps = code ? { spellCheck: false, autoCapitalize: "off", autoCorrect: "off" } : {};
  return <AreaBox $code={code} rows={rows} {...codeProps} {...bind(useField(), props)} />;
}

export interface NumberInputProps extends Omit<ComponentPropsWithRef<"input">, "type" | "inputMode">, SizeProp {
  /** The unit after the number ("€", "%", "days"), shown in the box and read with the label. */
  readonly unit?: string;
}

/**
 * A number typed as text (the caller parses it with the domain's number rules, which a native
 * number input would second-guess by locale), right-aligned in tabular figures.
 */
export function NumberInput({ unit, controlSize = "md", ...props }: NumberInputProps) {
  const unitId = useId();
  const field = useField();
  const bound = bind(field, props);
  if (!unit) return <NumberBox $size={controlSize} type="text" inputMode="decimal" autoComplete="off" {...bound} />;
  const describedBy = [bound["aria-describedby"], unitId].filter(Boolean).join(" ");
  return (
    <UnitFrame>
      <NumberBox $size={controlSize} type="text" inputMode="decimal" autoComplete="off" {...bound} aria-describedby={describedBy} />
      <span className="unit" id={unitId}>
        {unit}
      </span>
    </UnitFrame>
  );
}

export interface SelectOption<T extends string | number = string> {
  readonly value: T;
  readonly label: string;
  readonly disabled?: boolean;
}

export interface SelectProps extends Omit<ComponentPropsWithRef<"select">, "children">, SizeProp {
  /** The choices; or pass `<option>` elements as children. */
  readonly options?: readonly SelectOption<string | number>[];
  readonly children?: ReactNode;
}

/** A native select in the theme (keyboard and screen readers work as everywhere). Inside a FormField it takes the field's label. */
export function Select({ options, children, controlSize = "md", ...props }: SelectProps) {
  return (
    <SelectBox $size={controlSize} {...bind(useField(), props)}>
      {options?.map((option) => (
        <option key={String(option.value)} value={option.value} disabled={option.disabled}>
          {option.label}
        </option>
      ))}
      {children}
    </SelectBox>
  );
}

export interface CheckboxProps extends Omit<ComponentPropsWithRef<"input">, "type" | "children"> {
  /** The visible label to the right of the box, also its accessible name. */
  readonly label: ReactNode;
  /** A hint under the label. */
  readonly help?: ReactNode;
  /** What is wrong, shown under the label as "Label: message". Needs a string label. */
  readonly error?: string | null | undefined;
}

/** A checkbox with its label (and optional help and error) — a field on its own, no FormField needed. */
export function Checkbox({ label, help, error, id, className, ...props }: CheckboxProps) {
  const generated = useId();
  const inputId = id ?? `${generated}-box`;
  const helpId = `${generated}-help`;
  const errorId = `${generated}-error`;
  const describedBy = [error ? errorId : null, help ? helpId : null].filter(Boolean).join(" ") || undefined;
  return (
    <CheckFrame className={className}>
      <input type="checkbox" id={inputId} aria-describedby={describedBy} aria-invalid={error ? true : undefined} {...props} />
      <span className="text">
        <label htmlFor={inputId}>{label}</label>
        {error ? <FieldError id={errorId} label={typeof label === "string" ? label : "This field"} messages={[error]} /> : null}
        {help ? (
          <span id={helpId} className="help">
            {help}
          </span>
        ) : null}
      </span>
    </CheckFrame>
  );
}

/** Merges the surrounding FormField's binding into a control's own props (its own win). */
function bind<P extends { id?: string | undefined; "aria-describedby"?: string | undefined; "aria-invalid"?: unknown; required?: boolean | undefined }>(field: FieldBinding | null, props: P): P {
  if (!field) return props;
  const describedBy = [field["aria-describedby"], props["aria-describedby"]].filter(Boolean).join(" ") || undefined;
  return { ...props, id: props.id ?? field.id, "aria-describedby": describedBy, "aria-invalid": props["aria-invalid"] ?? field["aria-invalid"], required: props.required ?? field.required };
}

const TextBox = styled.input<{ $size: ControlSize }>`
  ${(p) => controlBox(p.$size)}
  width: 100%;
  min-width: 0;
`;

const AreaBox = styled.textarea<{ $code: boolean }>`
  ${controlBox("md")}
  width: 100%;
  min-width: 0;
  padding: ${SPACE.sm} ${SPACE.md};
  line-height: 1.5;
  resize: vertical;
  ${(p) => (p.$code ? `font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: ${TYPE_SCALE.sm.size};` : "")}
`;

const NumberBox = styled(TextBox)`
  ${numeric}
  text-align: right;
`;

const UnitFrame = styled.span`
  display: flex;
  align-items: center;
  gap: ${SPACE.sm};
  .unit { color: ${(p) => p.theme.textMuted}; font-size: ${TYPE_SCALE.sm.size}; white-space: nowrap; }
`;

const SelectBox = styled.select<{ $size: ControlSize }>`
  ${(p) => selectBox(p.$size)}
  max-width: 100%;
`;

const CheckFrame = styled.div`
  display: flex;
  gap: ${SPACE.sm};
  align-items: start;
  input { margin: 2px 0 0; width: 16px; height: 16px; flex: none; accent-color: ${(p) => p.theme.accent}; cursor: pointer; }
  input:disabled { cursor: not-allowed; }
  input:disabled + .text label { color: ${(p) => p.theme.disabledText}; cursor: not-allowed; }
  .text { display: grid; gap: ${SPACE.xxs}; }
  label { cursor: pointer; font-weight: ${FONT_WEIGHT.regular}; }
  .help { font-size: ${TYPE_SCALE.sm.size}; line-height: ${TYPE_SCALE.sm.lineHeight}; color: ${(p) => p.theme.textMuted}; }
`;
