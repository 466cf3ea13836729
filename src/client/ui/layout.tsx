import { styled } from "styled-components";
import { MEDIA, SPACE, type SpaceStep } from "./tokens";

/**
 * A screen's content column inside the shell: the page padding, and a readable maximum width
 * (`narrow` for forms and settings, `wide` (default) for reports that use the whole width).
 */
export const Page = styled.div<{ $width?: "narrow" | "wide" }>`
  display: grid;
  gap: ${SPACE.xl};
  align-content: start;
  min-width: 0;
  padding: ${SPACE.xl} ${SPACE.xxl};
  max-width: ${(p) => (p.$width === "narrow" ? "880px" : "none")};
  ${MEDIA.belowMedium} { padding: ${SPACE.lg} ${SPACE.xl}; }
  ${MEDIA.narrow} { padding: ${SPACE.lg}; gap: ${SPACE.lg}; }
`;

/** Children one under the other with a gap from the spacing scale (`md` by default). */
export const Stack = styled.div<{ $gap?: SpaceStep }>`
  display: grid;
  gap: ${(p) => SPACE[p.$gap ?? "md"]};
  align-content: start;
  min-width: 0;
`;

/** Children side by side, wrapping when out of room: buttons, badges, small controls. */
export const Cluster = styled.div<{ $gap?: SpaceStep; $justify?: "start" | "end" | "space-between" }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${(p) => SPACE[p.$gap ?? "sm"]};
  justify-content: ${(p) => p.$justify ?? "start"};
  min-width: 0;
`;

/** A responsive grid of equal tiles, as many per row as fit at `$min` width (KPI cards: 240px). */
export const TileGrid = styled.div<{ $min?: string; $gap?: SpaceStep }>`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(${(p) => p.$min ?? "240px"}, 100%), 1fr));
  gap: ${(p) => SPACE[p.$gap ?? "md"]};
  min-width: 0;
`;
