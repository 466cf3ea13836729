import { forwardRef, useMemo, useRef, type ComponentPropsWithoutRef, type UIEvent } from "react";
import { styled } from "styled-components";
import { sqlTokens, type SqlTokenKind } from "../../../../domain/query-builder/sql-tokens";
import { useField } from "../../../ui/form-field";
import { RADIUS, SPACE, TYPE_SCALE } from "../../../ui/tokens";

const MONOSPACE = `ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace`;

export interface SqlEditorProps extends Omit<ComponentPropsWithoutRef<"textarea">, "value" | "onChange"> {
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** Lines tall before it scrolls. */
  readonly rows?: number;
}

/**
 * A textarea for SQL with syntax highlighting: the person types into a real textarea (its text
 * transparent, its caret and selection visible), and a highlighted copy of the same text lies
 * exactly behind it, scrolled with it. Screen readers, the keyboard, undo and the browser's own
 * text handling all stay the textarea's; the colours (theme roles held to 4.5:1) only decorate.
 * Inside a FormField it takes the field's label, help and error.
 */
export const SqlEditor = forwardRef<HTMLTextAreaElement, SqlEditorProps>(function SqlEditor({ value, onChange, rows = 14, onScroll, ...props }, ref) {
  const field = useField();
  const backdrop = useRef<HTMLPreElement>(null);
  const tokens = useMemo(() => sqlTokens(value), [value]);
  const follow = (event: UIEvent<HTMLTextAreaElement>) => {
    if (backdrop.current) {
      backdrop.current.scrollTop = event.currentTarget.scrollTop;
      backdrop.current.scrollLeft = event.currentTarget.scrollLeft;
    }
    onScroll?.(event);
  };
  return (
    <Frame $rows={rows}>
      <pre ref={backdrop} aria-hidden="true">
        {tokens.map((token, index) => (
          <span key={index} className={CLASS[token.kind]}>
            {token.text}
          </span>
        ))}
        {/* A trailing newline would otherwise have no height behind the textarea's last line. */}
        {"\n"}
      </pre>
      <textarea
        ref={ref}
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        autoCorrect="off"
        wrap="off"
        id={field?.id}
        aria-describedby={field?.["aria-describedby"]}
        aria-invalid={field?.["aria-invalid"]}
        {...props}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onScroll={follow}
      />
    </Frame>
  );
});

const CLASS: Record<SqlTokenKind, string> = {
  keyword: "k",
  function: "f",
  identifier: "i",
  string: "s",
  number: "n",
  comment: "c",
  operator: "o",
  space: "w",
};

const Frame = styled.div<{ $rows: number }>`
  position: relative;
  border: 1px solid ${(p) => p.theme.borderStrong};
  border-radius: ${RADIUS.md};
  background: ${(p) => p.theme.surface};
  &:has(textarea[aria-invalid="true"]) { border-color: ${(p) => p.theme.danger}; box-shadow: inset 0 0 0 1px ${(p) => p.theme.danger}; }
  &:focus-within { outline: 2px solid ${(p) => p.theme.focus}; outline-offset: 2px; }

  pre,
  textarea {
    margin: 0;
    padding: ${SPACE.sm} ${SPACE.md};
    font-family: ${MONOSPACE};
    font-size: ${TYPE_SCALE.sm.size};
    line-height: 1.6;
    tab-size: 2;
    white-space: pre;
    overflow-wrap: normal;
    letter-spacing: 0;
    border: 0;
    box-sizing: border-box;
    width: 100%;
  }
  pre {
    position: absolute;
    inset: 0;
    overflow: hidden;
    pointer-events: none;
    color: ${(p) => p.theme.text};
  }
  textarea {
    position: relative;
    display: block;
    height: calc(${(p) => p.$rows} * 1.6em + 2 * ${SPACE.sm});
    min-height: 6em;
    resize: vertical;
    overflow: auto;
    background: transparent;
    color: transparent;
    caret-color: ${(p) => p.theme.text};
    outline: none;
  }
  textarea::selection { background: ${(p) => p.theme.accentSurface}; color: transparent; }
  /* Colour only: a bolder or slanted glyph could be wider than the textarea's and move the caret off its letter. */
  .k { color: ${(p) => p.theme.accent}; }
  .f { color: ${(p) => p.theme.info}; }
  .s { color: ${(p) => p.theme.success}; }
  .n { color: ${(p) => p.theme.warning}; }
  .c { color: ${(p) => p.theme.textMuted}; }
  .o { color: ${(p) => p.theme.textMuted}; }
`;
