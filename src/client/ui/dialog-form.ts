import { styled } from "styled-components";
import { SPACE } from "./tokens";

/**
 * The form inside a dialog: fields one under another, and fieldsets of choices without a frame,
 * their legend set as a label.
 */
export const DialogForm = styled.form`
  display: grid;
  gap: ${SPACE.md};
  color: ${(p) => p.theme.text};
  fieldset { border: 0; margin: 0; padding: 0; display: grid; gap: ${SPACE.xs}; }
  legend { padding: 0; margin-bottom: ${SPACE.xs}; font-weight: 500; }
`;
