import { styled } from "styled-components";
import { FONT_WEIGHT, TYPE_SCALE, type TypeStep } from "./tokens";

/** Text colours by meaning: default, muted (secondary), good / bad / neutral (deviations), danger, warning. */
export type TextTone = "default" | "muted" | "good" | "bad" | "neutral" | "danger" | "warning";

/**
 * A run of text on the type scale in a role colour: `<Text $size="sm" $tone="muted">`. Use it instead
 * of styling text in a feature. Renders a span; `as="p"` for a paragraph.
 */
export const Text = styled.span<{ $size?: TypeStep; $tone?: TextTone; $weight?: keyof typeof FONT_WEIGHT }>`
  font-size: ${(p) => TYPE_SCALE[p.$size ?? "md"].size};
  line-height: ${(p) => TYPE_SCALE[p.$size ?? "md"].lineHeight};
  font-weight: ${(p) => FONT_WEIGHT[p.$weight ?? "regular"]};
  color: ${(p) => {
    switch (p.$tone ?? "default") {
      case "default":
        return p.theme.text;
      case "muted":
        return p.theme.textMuted;
      default:
        return p.theme[p.$tone as Exclude<TextTone, "default" | "muted">];
    }
  }};
`;
