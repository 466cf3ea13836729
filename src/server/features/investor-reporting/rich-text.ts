import sanitizeHtml from "sanitize-html";
import { Parser } from "htmlparser2";

/**
 * Report text sections are rich text: HTML written in the browser's editor, kept only after it
 * passes this allow-list. The stored HTML is what every reader's page, the board-pack PDF and the
 * mails show, so nothing that runs or loads survives: no scripts, styles, attributes besides a
 * link's address, no images, no frames. Links may only be http(s) or mailto and open apart.
 */
const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "h2", "h3", "strong", "em", "u", "s", "ul", "ol", "li", "blockquote", "a"],
  // rel and target are set by the transform below, whatever the author wrote.
  allowedAttributes: { a: ["href", "rel", "target"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowProtocolRelative: false,
  // The editor's own spellings of the same marks, kept as the allowed ones.
  transformTags: {
    b: "strong",
    i: "em",
    strike: "s",
    h1: "h2",
    div: "p",
    a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer", target: "_blank" }),
  },
  disallowedTagsMode: "discard",
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, ALLOWED).trim();
}

export interface RichTextLine {
  readonly text: string;
  readonly style: "heading" | "bullet" | "paragraph";
}

const BLOCKS = new Set(["p", "h2", "h3", "li", "blockquote"]);

/** The text of sanitized rich text as lines, for places that cannot show HTML (spreadsheets, plain-text mail). */
export function richTextLines(html: string): RichTextLine[] {
  const lines: RichTextLine[] = [];
  let current = "";
  let style: RichTextLine["style"] = "paragraph";
  const flush = (nextStyle: RichTextLine["style"] = "paragraph") => {
    const text = current.replace(/\s+/g, " ").trim();
    if (text) lines.push({ text, style });
    current = "";
    style = nextStyle;
  };
  const parser = new Parser(
    {
      onopentag(name) {
        // A line break continues the block it is in on a new line.
        if (name === "br") return flush(style);
        if (!BLOCKS.has(name)) return;
        flush();
        style = name === "li" ? "bullet" : name === "h2" || name === "h3" ? "heading" : "paragraph";
      },
      ontext(text) {
        current += text;
      },
      onclosetag(name) {
        if (BLOCKS.has(name)) flush();
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  flush();
  return lines;
}
