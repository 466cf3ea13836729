import { styled } from "styled-components";
import { FONT_WEIGHT, LAYER, RADIUS, SPACE } from "./tokens";
import { visuallyHidden } from "./visually-hidden";

/**
 * "Skip to main content": the first thing in the tab order, hidden until focused. It moves focus
 * to the element with `targetId` (the shell's `<main id="main" tabIndex={-1}>`) without changing
 * the address, so the router and the history stay as they are.
 */
export function SkipLink({ targetId = "main", children = "Skip to main content" }: { targetId?: string; children?: string }) {
  return (
    <SkipAnchor
      href={`#${targetId}`}
      onClick={(event) => {
        const target = document.getElementById(targetId);
        if (!target) return;
        event.preventDefault();
        if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
        target.focus();
        target.scrollIntoView({ block: "start" });
      }}
    >
      {children}
    </SkipAnchor>
  );
}

const SkipAnchor = styled.a`
  ${visuallyHidden}
  &:focus {
    position: fixed;
    top: ${SPACE.sm};
    left: ${SPACE.sm};
    width: auto;
    height: auto;
    margin: 0;
    clip: auto;
    clip-path: none;
    z-index: ${LAYER.skipLink};
    padding: ${SPACE.sm} ${SPACE.lg};
    border-radius: ${RADIUS.md};
    background: ${(p) => p.theme.accent};
    color: ${(p) => p.theme.accentText};
    font-weight: ${FONT_WEIGHT.semibold};
    text-decoration: none;
  }
`;
