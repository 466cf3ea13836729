import { autoUpdate, flip, FloatingPortal, offset, shift, size, useFloating } from "@floating-ui/react";
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import { styled } from "styled-components";
import type { MentionCandidate } from "../../../../contracts/collaboration";
import { insertMention, matchesMention, mentionQueryAt, type MentionQuery } from "../../../../domain/collaboration/mentions";
import { TextArea } from "../../../ui/inputs";
import { FONT_WEIGHT, LAYER, RADIUS, SPACE, TYPE_SCALE } from "../../../ui/tokens";

/** Suggestions shown at once; typing more narrows them. */
const MAX_SUGGESTIONS = 8;

export interface MentionTextAreaProps {
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** The company's active people; those who may not read the KPI are marked so. */
  readonly candidates: readonly MentionCandidate[];
  readonly label: string;
  readonly placeholder?: string;
  readonly rows?: number;
  readonly autoFocus?: boolean;
  readonly disabled?: boolean;
  /** Ctrl/⌘+Enter sends. */
  readonly onSubmit?: () => void;
  readonly id?: string;
  readonly "aria-describedby"?: string;
}

/**
 * A comment box that suggests people while "@" is typed (a combobox over the text): arrows move
 * through the suggestions, Enter or Tab inserts the chosen person's address (a mention is an
 * address, spec section 5), Escape closes the list. People who may not read the KPI are listed
 * and say so: mentioning them tells them nothing.
 */
export function MentionTextArea({ value, onChange, candidates, label, placeholder, rows = 3, autoFocus, disabled, onSubmit, id, ...rest }: MentionTextAreaProps) {
  const [query, setQuery] = useState<MentionQuery | null>(null);
  const [active, setActive] = useState(0);
  const caret = useRef(0);
  const listId = useId();
  const area = useRef<HTMLTextAreaElement | null>(null);
  // Where the caret goes once the inserted mention is rendered: set before the next keystroke lands.
  const pendingCaret = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (pendingCaret.current === null || !area.current) return;
    area.current.setSelectionRange(pendingCaret.current, pendingCaret.current);
    caret.current = pendingCaret.current;
    pendingCaret.current = null;
  }, [value]);
  const suggestions = query ? candidates.filter((person) => matchesMention(person, query.query)).slice(0, MAX_SUGGESTIONS) : [];
  const open = query !== null && suggestions.length > 0;
  const { refs, floatingStyles } = useFloating({
    open,
    placement: "bottom-start",
    whileElementsMounted: autoUpdate,
    middleware: [offset(4), flip({ padding: 8 }), shift({ padding: 8 }), size({ padding: 8, apply: ({ rects, elements }) => void (elements.floating.style.minWidth = `${Math.min(rects.reference.width, 360)}px`) })],
  });

  const follow = (text: string, at: number) => {
    caret.current = at;
    const next = mentionQueryAt(text, at);
    setQuery(next);
    if (next?.query !== query?.query) setActive(0);
  };
  const choose = (person: MentionCandidate) => {
    if (!query) return;
    const inserted = insertMention(value, query, caret.current, person.email);
    pendingCaret.current = inserted.caret;
    onChange(inserted.text);
    setQuery(null);
    area.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open) {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        const step = event.key === "ArrowDown" ? 1 : -1;
        setActive((current) => (current + step + suggestions.length) % suggestions.length);
        return;
      }
      if (event.key === "Enter" || event.key === "Tab") {
        event.preventDefault();
        choose(suggestions[active]!);
        return;
      }
      if (event.key === "Escape") {
        event.preventDefault();
        event.stopPropagation(); // a dialog around it stays open
        setQuery(null);
        return;
      }
    }
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey) && onSubmit) {
      event.preventDefault();
      onSubmit();
    }
  };

  return (
    <>
      <div ref={refs.setReference}>
        <TextArea
          ref={area}
          id={id}
          aria-label={label}
          aria-describedby={rest["aria-describedby"]}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-activedescendant={open ? `${listId}-${active}` : undefined}
          value={value}
          rows={rows}
          maxLength={5000}
          placeholder={placeholder}
          autoFocus={autoFocus}
          disabled={disabled}
          onChange={(event) => {
            onChange(event.target.value);
            follow(event.target.value, event.target.selectionStart);
          }}
          onSelect={(event) => follow(event.currentTarget.value, event.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
          onBlur={() => setTimeout(() => setQuery(null), 150)}
        />
      </div>
      {open ? (
        <FloatingPortal>
          <Suggestions ref={refs.setFloating} style={floatingStyles} id={listId} role="listbox" aria-label="People to mention">
            {suggestions.map((person, index) => (
              <li
                key={person.id}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                onMouseDown={(event) => {
                  event.preventDefault(); // keep the focus (and the caret) in the text
                  choose(person);
                }}
                onMouseEnter={() => setActive(index)}
              >
                <span className="name">{person.name}</span>
                <span className="email">{person.email}</span>
                {!person.mayRead ? <span className="note">May not read this KPI: will not be told</span> : null}
              </li>
            ))}
          </Suggestions>
        </FloatingPortal>
      ) : null}
    </>
  );
}

const Suggestions = styled.ul`
  z-index: ${LAYER.popover};
  margin: 0;
  padding: ${SPACE.xxs};
  list-style: none;
  max-width: min(360px, calc(100vw - 16px));
  max-height: 280px;
  overflow: auto;
  background: ${(p) => p.theme.surface};
  color: ${(p) => p.theme.text};
  border: 1px solid ${(p) => p.theme.border};
  border-radius: ${RADIUS.md};
  box-shadow: ${(p) => p.theme.shadowOverlay};
  li { display: grid; gap: 2px; padding: ${SPACE.xs} ${SPACE.sm}; border-radius: ${RADIUS.sm}; cursor: pointer; }
  li[aria-selected="true"] { background: ${(p) => p.theme.surfaceHover}; }
  .name { font-weight: ${FONT_WEIGHT.medium}; }
  .email, .note { font-size: ${TYPE_SCALE.sm.size}; color: ${(p) => p.theme.textMuted}; }
  .note { color: ${(p) => p.theme.warning}; }
`;
