import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect, useId, useRef, useState } from "react";
import { styled } from "styled-components";
import type { ReportSection } from "../../../../contracts/investor-reporting";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Button } from "../../../ui/button";
import { TextInput } from "../../../ui/inputs";
import { Popover } from "../../../ui/popover";
import { RADIUS, SPACE } from "../../../ui/tokens";

/** Spec section 4: a text section shows saving, then saved. */
export const SAVING_TEXT = "Saving…";
export const SAVED_TEXT = "Saved";

/**
 * A text section's rich text, edited in place with TipTap and saved by itself after a pause in
 * typing (EditReportText). The marks and blocks offered are the ones the server keeps (its
 * allow-list: two heading levels, bold, italic, underline, strike, lists, quotes, links). Once a
 * save lands and no newer typing waits, the editor shows the HTML the server kept.
 */
export function TextSectionEditor({ reportId, section }: { reportId: number; section: ReportSection }) {
  const dispatch = useDispatch();
  const save = useModel((state: AppState) => state.investorReporting.texts[section.id]);
  const labelId = useId();
  const stored = section.content?.html ?? "";
  // The last HTML this editor sent: a save answers it only if nothing was typed since.
  const typed = useRef<string | null>(null);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        link: { openOnClick: false, autolink: true, protocols: ["mailto"], defaultProtocol: "https" },
      }),
    ],
    content: stored,
    editorProps: { attributes: { "aria-labelledby": labelId, "aria-multiline": "true", role: "textbox", class: "rich-text" } },
    onUpdate: ({ editor: changed }) => {
      const html = changed.isEmpty ? "" : changed.getHTML();
      typed.current = html;
      dispatch({ _tag: "EditReportText", reportId, sectionId: section.id, html });
    },
  });
  // What the server kept of the latest typed text replaces it when the two differ (its
  // allow-list dropped something). Another person's text, arriving live, replaces what is shown
  // only while nothing typed here waits and the person is not in the editor.
  useEffect(() => {
    if (!editor || save?.status === "saving") return;
    if (save?.status === "saved" && save.sentHtml === typed.current) {
      if (save.savedHtml !== null && normalise(save.savedHtml) !== normalise(save.sentHtml ?? "")) {
        typed.current = save.savedHtml;
        editor.commands.setContent(save.savedHtml, { emitUpdate: false });
      }
      return;
    }
    // Typed here and not saved yet (or refused): what is typed stays.
    if (editor.isFocused || (typed.current !== null && (save?.status !== "saved" || save.sentHtml !== typed.current))) return;
    if (normalise(editor.getHTML()) !== normalise(stored) && !(editor.isEmpty && stored === "")) editor.commands.setContent(stored, { emitUpdate: false });
  }, [editor, save?.status, save?.sentHtml, save?.savedHtml, stored]);

  return (
    <Frame>
      <div className="head">
        <span id={labelId} className="label">
          Text of {section.name}
        </span>
        <span className={`save ${save?.status ?? "idle"}`} role="status" aria-live="polite">
          {save?.status === "saving" ? SAVING_TEXT : save?.status === "saved" ? SAVED_TEXT : save?.status === "error" ? `Not saved: ${save.message}` : ""}
        </span>
      </div>
      {editor ? <Toolbar editor={editor} name={section.name} /> : null}
      <EditorContent editor={editor} />
    </Frame>
  );
}

const normalise = (html: string) => html.replaceAll(/\s+(rel|target)="[^"]*"/g, "").trim();

type Mark = { label: string; short: string; className?: string; active: (editor: Editor) => boolean; run: (editor: Editor) => void };

const TOOLS: readonly Mark[] = [
  { label: "Bold", className: "bold", short: "B", active: (e) => e.isActive("bold"), run: (e) => e.chain().focus().toggleBold().run() },
  { label: "Italic", className: "italic", short: "I", active: (e) => e.isActive("italic"), run: (e) => e.chain().focus().toggleItalic().run() },
  { label: "Underline", className: "underline", short: "U", active: (e) => e.isActive("underline"), run: (e) => e.chain().focus().toggleUnderline().run() },
  { label: "Strikethrough", className: "strikethrough", short: "S", active: (e) => e.isActive("strike"), run: (e) => e.chain().focus().toggleStrike().run() },
  { label: "H2 heading", short: "H2", active: (e) => e.isActive("heading", { level: 2 }), run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run() },
  { label: "H3 subheading", short: "H3", active: (e) => e.isActive("heading", { level: 3 }), run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run() },
  { label: "Bulleted list", short: "•", active: (e) => e.isActive("bulletList"), run: (e) => e.chain().focus().toggleBulletList().run() },
  { label: "1. Numbered list", short: "1.", active: (e) => e.isActive("orderedList"), run: (e) => e.chain().focus().toggleOrderedList().run() },
  { label: "Quote", short: "❝", active: (e) => e.isActive("blockquote"), run: (e) => e.chain().focus().toggleBlockquote().run() },
];

/** The toolbar: toggle buttons with aria-pressed; a link asks for its address in a popover. Arrow keys move between the buttons. */
function Toolbar({ editor, name }: { editor: Editor; name: string }) {
  const active = useEditorState({ editor, selector: ({ editor: current }) => [...TOOLS.map((tool) => tool.active(current)), current.isActive("link")] });
  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
    const buttons = [...event.currentTarget.querySelectorAll("button")];
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    event.preventDefault();
    buttons[(index + (event.key === "ArrowRight" ? 1 : buttons.length - 1)) % buttons.length]!.focus();
  };
  return (
    <Bar role="toolbar" aria-label={`Format the text of ${name}`} onKeyDown={onKeyDown}>
      {TOOLS.map((tool, index) => (
        <button key={tool.label} type="button" aria-label={tool.label} title={tool.label} aria-pressed={active[index] ?? false} tabIndex={index === 0 ? 0 : -1} onClick={() => tool.run(editor)}>
          <span aria-hidden="true" className={tool.className}>
            {tool.short}
          </span>
        </button>
      ))}
      {active[TOOLS.length] ? (
        <button type="button" aria-label="Link (remove)" title="Remove the link" aria-pressed={true} tabIndex={-1} onClick={() => editor.chain().focus().extendMarkRange("link").unsetLink().run()}>
          <span aria-hidden="true">Link</span>
        </button>
      ) : (
        <LinkTool editor={editor} />
      )}
    </Bar>
  );
}

/** The addresses the server keeps on a link (rich-text.ts); anything else would be dropped on saving. */
const LINK_ADDRESS = /^(https?:\/\/[^\s]+|mailto:[^\s]+)$/i;
const LINK_INVALID = "Enter an address that starts with https://, http:// or mailto:.";

/** Adds a link to the selected text: its address in a small form next to the button. */
function LinkTool({ editor }: { editor: Editor }) {
  const [href, setHref] = useState("");
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  return (
    <Popover
      label="Add a link"
      placement="bottom-start"
      width="340px"
      onOpen={() => {
        setHref("");
        setError(null);
      }}
      trigger={(props) => (
        <button {...props} type="button" aria-label="Link" title="Link" aria-pressed={false} tabIndex={-1}>
          <span aria-hidden="true">Link</span>
        </button>
      )}
    >
      {(close) => (
        <LinkForm
          onSubmit={(event) => {
            event.preventDefault();
            const address = href.trim();
            if (!LINK_ADDRESS.test(address)) return setError(LINK_INVALID);
            editor.chain().focus().extendMarkRange("link").setLink({ href: address }).run();
            close();
          }}
        >
          <label htmlFor={inputId}>Address</label>
          <TextInput id={inputId} value={href} placeholder="https://…" autoFocus aria-invalid={error !== null} aria-describedby={error ? `${inputId}-error` : undefined} onChange={(event) => setHref(event.target.value)} />
          {error ? (
            <p id={`${inputId}-error`} role="alert" className="error">
              {error}
            </p>
          ) : null}
          <Button type="submit" size="sm" variant="primary">
            Add link
          </Button>
        </LinkForm>
      )}
    </Popover>
  );
}

const LinkForm = styled.form`
  display: grid;
  gap: ${SPACE.xs};
  justify-items: start;
  label { font-size: 13px; }
  input { width: 100%; }
  .error { margin: 0; color: ${(p) => p.theme.danger}; font-size: 13px; }
`;

const Frame = styled.div`
  display: grid;
  gap: ${SPACE.xs};
  .head { display: flex; justify-content: space-between; gap: ${SPACE.sm}; font-size: 13px; color: ${(p) => p.theme.textMuted}; }
  .save.saved { color: ${(p) => p.theme.textMuted}; }
  .save.error { color: ${(p) => p.theme.danger}; }
  .rich-text {
    min-height: 120px;
    padding: ${SPACE.sm} ${SPACE.md};
    border: 1px solid ${(p) => p.theme.border};
    border-radius: ${RADIUS.md};
    background: ${(p) => p.theme.surface};
    color: ${(p) => p.theme.text};
    line-height: 1.5;
  }
  .rich-text:focus { outline: 2px solid ${(p) => p.theme.focus}; outline-offset: 1px; }
  .rich-text a { color: ${(p) => p.theme.accent}; }
  .rich-text blockquote { margin: 0; padding-left: ${SPACE.md}; border-left: 3px solid ${(p) => p.theme.border}; color: ${(p) => p.theme.textMuted}; }
`;

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 2px;
  button {
    min-width: 32px;
    height: 30px;
    border: 1px solid ${(p) => p.theme.border};
    border-radius: ${RADIUS.sm};
    background: transparent;
    color: ${(p) => p.theme.text};
    cursor: pointer;
    font-size: 13px;
  }
  button[aria-pressed="true"] { background: ${(p) => p.theme.accent}; color: ${(p) => p.theme.accentText}; border-color: ${(p) => p.theme.accent}; }
  button:focus-visible { outline: 2px solid ${(p) => p.theme.focus}; outline-offset: 1px; }
  .bold { font-weight: 700; }
  .italic { font-style: italic; }
  .underline { text-decoration: underline; }
  .strikethrough { text-decoration: line-through; }
`;
