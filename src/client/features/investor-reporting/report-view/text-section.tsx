import { styled } from "styled-components";
import { SPACE } from "../../../ui/tokens";

/**
 * A text section: its HTML as the server stored it. Only what the server's allow-list passes is
 * ever stored (server/features/investor-reporting/rich-text.ts: paragraphs, two heading levels,
 * emphasis, lists, quotes, http(s) and mailto links), so it is shown as it is. On paper it runs
 * on over pages; a paragraph or list item is not split, a heading stays with what follows.
 */
export function TextSection({ html }: { html: string }) {
  if (!html.trim()) return <Empty>No text yet.</Empty>;
  return <Prose dangerouslySetInnerHTML={{ __html: html }} />;
}

const Prose = styled.div`
  max-width: 70ch;
  line-height: 1.6;
  p,
  li,
  blockquote {
    break-inside: avoid;
    margin: 0 0 ${SPACE.sm};
  }
  h2,
  h3 {
    break-after: avoid;
    margin: ${SPACE.md} 0 ${SPACE.sm};
  }
  ul,
  ol {
    padding-left: ${SPACE.xl};
  }
  blockquote {
    border-left: 3px solid ${(p) => p.theme.accent};
    padding-left: ${SPACE.md};
    color: ${(p) => p.theme.textMuted};
  }
  a {
    color: ${(p) => p.theme.accent};
  }
`;

const Empty = styled.p`
  color: ${(p) => p.theme.textMuted};
`;
