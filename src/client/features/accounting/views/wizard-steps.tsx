import { styled } from "styled-components";
import { Icon } from "../../../ui/icons";
import { VisuallyHidden } from "../../../ui/visually-hidden";
import { FONT_WEIGHT, RADIUS, SPACE, TYPE_SCALE } from "../../../ui/tokens";

export interface WizardStep<K extends string> {
  readonly key: K;
  readonly label: string;
  readonly done: boolean;
}

/**
 * The wizard's steps as a numbered list of buttons: the current one is `aria-current="step"`,
 * a finished one carries a check and says "done" to screen readers. Any step can be opened (a
 * step that needs an earlier one says so itself), so a person can go back and look.
 */
export function WizardSteps<K extends string>({ steps, current, onSelect }: { steps: readonly WizardStep<K>[]; current: K; onSelect: (step: K) => void }) {
  return (
    <Steps aria-label="Setup steps">
      <ol>
        {steps.map((step, index) => (
          <li key={step.key}>
            <button type="button" aria-current={step.key === current ? "step" : undefined} onClick={() => onSelect(step.key)}>
              <span className={step.done ? "marker done" : "marker"} aria-hidden="true">
                {step.done ? <Icon name="check" size={14} /> : index + 1}
              </span>
              <span className="label">{step.label}</span>
              {step.done ? <VisuallyHidden>(done)</VisuallyHidden> : null}
            </button>
          </li>
        ))}
      </ol>
    </Steps>
  );
}

const Steps = styled.nav`
  min-width: 0;
  overflow-x: auto;
  border-bottom: 1px solid ${(p) => p.theme.border};
  ol { display: flex; gap: ${SPACE.xs}; margin: 0; padding: 0; list-style: none; }
  button {
    display: inline-flex;
    align-items: center;
    gap: ${SPACE.sm};
    min-height: 40px;
    padding: 0 ${SPACE.md};
    margin-bottom: -1px;
    border: 0;
    border-bottom: 2px solid transparent;
    border-radius: ${RADIUS.sm} ${RADIUS.sm} 0 0;
    background: none;
    color: ${(p) => p.theme.textMuted};
    font: inherit;
    font-size: ${TYPE_SCALE.md.size};
    font-weight: ${FONT_WEIGHT.medium};
    white-space: nowrap;
    cursor: pointer;
  }
  button:hover { color: ${(p) => p.theme.text}; background: ${(p) => p.theme.surfaceHover}; }
  button[aria-current="step"] { color: ${(p) => p.theme.text}; border-bottom-color: ${(p) => p.theme.accent}; font-weight: ${FONT_WEIGHT.semibold}; }
  button:focus-visible { outline-offset: -2px; }
  .marker {
    display: inline-grid;
    place-items: center;
    width: 22px;
    height: 22px;
    border-radius: ${RADIUS.pill};
    border: 1px solid ${(p) => p.theme.borderStrong};
    font-size: ${TYPE_SCALE.xs.size};
  }
  .marker.done { border-color: ${(p) => p.theme.success}; color: ${(p) => p.theme.success}; }
`;
