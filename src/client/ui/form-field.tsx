import { createContext, useContext, useId, type ReactNode } from "react";
import { styled } from "styled-components";
import { Icon } from "./icons";
import { FONT_WEIGHT, SPACE, TYPE_SCALE } from "./tokens";

export interface FormFieldProps {
  /** The visible label; also the control's accessible name, and the start of its error. */
  readonly label: string;
  /** One control that reads the field's ids: TextInput, NumberInput, Select (or your own via `useField`). */
  readonly children: ReactNode;
  /** A hint under the control, e.g. the number format the field accepts. */
  readonly help?: ReactNode;
  /**
   * What is wrong, shown right under the control as "Label: message" and read with it
   * (`aria-describedby`, `aria-invalid`). Several messages show one per line (the server's list).
   */
  readonly error?: string | readonly string[] | null | undefined;
  /** Marks the control required and says so next to the label. */
  readonly required?: boolean;
  /** The control's id, when something else must point at it. */
  readonly id?: string;
}

/** What a control inside a FormField needs: its id, what describes it, whether it is invalid. */
export interface FieldBinding {
  readonly id: string;
  readonly "aria-describedby": string | undefined;
  readonly "aria-invalid": true | undefined;
  readonly required: boolean | undefined;
}

const FieldContext = createContext<FieldBinding | null>(null);

/** The binding of the FormField around a control; null outside one. For custom controls. */
export const useField = (): FieldBinding | null => useContext(FieldContext);

/**
 * A labelled form control with its help text and its error next to it. Use for every input in a
 * form; the error names the field, so a list of errors read out of context still makes sense.
 */
export function FormField({ label, children, help, error, required, id }: FormFieldProps) {
  const generated = useId();
  const controlId = id ?? `${generated}-control`;
  const errorId = `${generated}-error`;
  const helpId = `${generated}-help`;
  const messages = error == null ? [] : typeof error === "string" ? [error] : error;
  const invalid = messages.length > 0;
  const describedBy = [invalid ? errorId : null, help ? helpId : null].filter(Boolean).join(" ") || undefined;
  const binding: FieldBinding = { id: controlId, "aria-describedby": describedBy, "aria-invalid": invalid || undefined, required: required || undefined };
  return (
    <FieldFrame>
      <label htmlFor={controlId} className="label">
        {label}
        {required ? <span className="required"> (required)</span> : null}
      </label>
      <FieldContext.Provider value={binding}>{children}</FieldContext.Provider>
      {invalid ? <FieldError id={errorId} label={label} messages={messages} /> : null}
      {help ? (
        <div id={helpId} className="help">
          {help}
        </div>
      ) : null}
    </FieldFrame>
  );
}

/** A field's error line(s): "Label: message", with the error icon. Exported for custom fields (checkbox groups). */
export function FieldError({ id, label, messages }: { id: string; label: string; messages: readonly string[] }) {
  return (
    <ErrorText id={id}>
      <Icon name="error" size={14} />
      <span>
        {messages.map((message, index) => (
          <span key={index} className="message">
            {label}: {message}
          </span>
        ))}
      </span>
    </ErrorText>
  );
}

const FieldFrame = styled.div`
  display: grid;
  /* One column as wide as the field, never wider: a select with a long option shrinks to it. */
  grid-template-columns: minmax(0, 1fr);
  gap: ${SPACE.xs};
  align-content: start;
  min-width: 0;
  .label { font-size: ${TYPE_SCALE.sm.size}; line-height: ${TYPE_SCALE.sm.lineHeight}; font-weight: ${FONT_WEIGHT.medium}; color: ${(p) => p.theme.text}; }
  .required { font-weight: ${FONT_WEIGHT.regular}; color: ${(p) => p.theme.textMuted}; }
  .help { font-size: ${TYPE_SCALE.sm.size}; line-height: ${TYPE_SCALE.sm.lineHeight}; color: ${(p) => p.theme.textMuted}; }
`;

const ErrorText = styled.div`
  display: flex;
  gap: ${SPACE.xs};
  align-items: start;
  font-size: ${TYPE_SCALE.sm.size};
  line-height: ${TYPE_SCALE.sm.lineHeight};
  color: ${(p) => p.theme.danger};
  svg { flex: none; margin-top: 2px; }
  .message { display: block; }
`;
