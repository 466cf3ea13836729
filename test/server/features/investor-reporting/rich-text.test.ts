// The allow-list report texts pass before they are stored, and their lines for spreadsheets.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { richTextLines, sanitizeRichText } from "../../../../src/server/features/investor-reporting/rich-text";

const kept: [string, string, string][] = [
  ["marks and lists", "<p>A <strong>b</strong> <em>i</em> <u>u</u> <s>s</s></p><ol><li>x</li></ol><blockquote>q</blockquote>", "<p>A <strong>b</strong> <em>i</em> <u>u</u> <s>s</s></p><ol><li>x</li></ol><blockquote>q</blockquote>"],
  ["the editor's spellings become the allowed ones", "<h1>T</h1><div><b>b</b><i>i</i><strike>s</strike></div>", "<h2>T</h2><p><strong>b</strong><em>i</em><s>s</s></p>"],
  ["scripts and their text go", "<p>x</p><script>alert(1)</script><style>p{}</style>", "<p>x</p>"],
  ["event handlers and styles go", `<p onclick="x()" style="color:red" class="c">x</p>`, "<p>x</p>"],
  ["images, frames and forms go", `<img src=x onerror=alert(1)><iframe src="//e"></iframe><form><input></form>`, ""],
  ["javascript and data links lose their address", `<a href="javascript:alert(1)">a</a><a href="data:text/html,x">b</a>`, `<a rel="noopener noreferrer" target="_blank">a</a><a rel="noopener noreferrer" target="_blank">b</a>`],
  ["http links open apart, whatever target was written", `<a href="https://x.org/a?b=1" target="_top" rel="opener">x</a>`, `<a href="https://x.org/a?b=1" target="_blank" rel="noopener noreferrer">x</a>`],
  ["mailto links stay", `<a href="mailto:cfo@x.org">cfo</a>`, `<a href="mailto:cfo@x.org" rel="noopener noreferrer" target="_blank">cfo</a>`],
  ["protocol-relative links lose their address", `<a href="//evil.example">x</a>`, `<a rel="noopener noreferrer" target="_blank">x</a>`],
  ["text stays escaped", "<p>1 &lt; 2 &amp; 3</p>", "<p>1 &lt; 2 &amp; 3</p>"],
];
for (const [name, input, output] of kept) {
  test(`sanitize: ${name}`, () => {
    const result = sanitizeRichText(input);
    // Attribute order is the library's; compare the parsed meaning where links are involved.
    assert.equal(normalise(result), normalise(output));
  });
}

function normalise(html: string) {
  return html.replace(/<a ([^>]*)>/g, (_, attributes: string) => `<a ${attributes.split(" ").sort().join(" ")}>`);
}

test("lines: headings, paragraphs and bullets, a line break continuing its block, entities decoded", () => {
  assert.equal(richTextLines("<h2>Q3 &amp; Q4</h2><p>One <strong>two</strong></p><ul><li>a</li><li>b<br />c</li></ul><p> </p>"), [
    { text: "Q3 & Q4", style: "heading" },
    { text: "One two", style: "paragraph" },
    { text: "a", style: "bullet" },
    { text: "b", style: "bullet" },
    { text: "c", style: "bullet" },
  ]);
});

test.run();
