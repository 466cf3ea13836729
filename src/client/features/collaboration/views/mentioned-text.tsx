import { styled } from "styled-components";
import { FONT_WEIGHT } from "../../../ui/tokens";

// The same shape domain/collaboration/mentions.ts detects: an address with or without "@".
const MENTION_SPLIT = /((?<![\w.%+\-@])@?[\w.%+\-]+@[\w\-]+(?:\.[\w\-]+)+)/g;

/** A comment's words with its mentions set apart, so a reader sees at once who was addressed. */
export function MentionedText({ text, className }: { text: string; className?: string }) {
  const parts = text.split(MENTION_SPLIT);
  return (
    <Paragraph className={className}>
      {parts.map((part, index) => (index % 2 === 1 ? <mark key={index}>{part}</mark> : part))}
    </Paragraph>
  );
}

const Paragraph = styled.p`
  mark { background: none; color: ${(p) => p.theme.accent}; font-weight: ${FONT_WEIGHT.medium}; }
`;
