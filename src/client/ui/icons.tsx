import type { SVGProps } from "react";

/**
 * The few icons the components draw, as inline SVG in the text colour (`currentColor`). Icons are
 * decoration: they are hidden from assistive technology, and whatever carries them has a name
 * in words (IconButton requires one).
 */
export type IconName = "bell" | "check" | "chevronDown" | "chevronRight" | "close" | "filter" | "info" | "warning" | "error" | "more" | "search";

const PATHS: Record<IconName, string> = {
  bell: "M8 1.5a4 4 0 0 0-4 4v2.6L2.6 10.6A.75.75 0 0 0 3.25 11.75h9.5a.75.75 0 0 0 .65-1.15L12 8.1V5.5a4 4 0 0 0-4-4ZM6.25 13a1.75 1.75 0 0 0 3.5 0Z",
  check: "M13.3 3.8a.9.9 0 0 1 0 1.3l-6.5 6.5a.9.9 0 0 1-1.3 0L2.7 8.8a.9.9 0 1 1 1.3-1.3l2.15 2.15L12 3.8a.9.9 0 0 1 1.3 0Z",
  chevronDown: "M3.7 5.7a.9.9 0 0 1 1.3 0L8 8.7l3-3a.9.9 0 1 1 1.3 1.3L8.65 10.65a.9.9 0 0 1-1.3 0L3.7 7a.9.9 0 0 1 0-1.3Z",
  chevronRight: "M5.7 3.7a.9.9 0 0 1 1.3 0l3.65 3.65a.9.9 0 0 1 0 1.3L7 12.3a.9.9 0 1 1-1.3-1.3l3-3-3-3a.9.9 0 0 1 0-1.3Z",
  close: "M4.2 3a.85.85 0 0 0-.6 1.45L6.8 8l-3.2 3.55a.85.85 0 1 0 1.2 1.2L8 9.2l3.2 3.55a.85.85 0 1 0 1.2-1.2L9.2 8l3.2-3.55A.85.85 0 1 0 11.2 3.2L8 6.8 4.8 3.2A.85.85 0 0 0 4.2 3Z",
  filter: "M2 3.25c0-.41.34-.75.75-.75h10.5a.75.75 0 0 1 .58 1.23L10 8.35v4.15a.75.75 0 0 1-1.09.67l-2-1A.75.75 0 0 1 6.5 11.5V8.35L2.17 3.73A.75.75 0 0 1 2 3.25Z",
  info: "M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1Zm0 3a1 1 0 1 1 0 2 1 1 0 0 1 0-2Zm-1 3.75c0-.41.34-.75.75-.75h.5c.41 0 .75.34.75.75V11.5h.25a.75.75 0 0 1 0 1.5h-2a.75.75 0 0 1 0-1.5H7.5V8.5h-.25A.75.75 0 0 1 7 7.75Z",
  warning: "M7.13 1.99a1 1 0 0 1 1.74 0l6 10.5A1 1 0 0 1 14 14H2a1 1 0 0 1-.87-1.5l6-10.5ZM8 5.25a.75.75 0 0 0-.75.75v3.5a.75.75 0 0 0 1.5 0V6A.75.75 0 0 0 8 5.25Zm0 6.25a.9.9 0 1 0 0 1.8.9.9 0 0 0 0-1.8Z",
  error: "M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1Zm0 3.25c.41 0 .75.34.75.75v3.5a.75.75 0 0 1-1.5 0V5c0-.41.34-.75.75-.75ZM8 10.5a.9.9 0 1 1 0 1.8.9.9 0 0 1 0-1.8Z",
  more: "M3.5 6.6a1.4 1.4 0 1 1 0 2.8 1.4 1.4 0 0 1 0-2.8Zm4.5 0a1.4 1.4 0 1 1 0 2.8 1.4 1.4 0 0 1 0-2.8Zm4.5 0a1.4 1.4 0 1 1 0 2.8 1.4 1.4 0 0 1 0-2.8Z",
  search: "M7 1.75a5.25 5.25 0 1 0 3.1 9.48l2.84 2.84a.8.8 0 1 0 1.13-1.13l-2.84-2.84A5.25 5.25 0 0 0 7 1.75ZM3.35 7a3.65 3.65 0 1 1 7.3 0 3.65 3.65 0 0 1-7.3 0Z",
};

/** One of the icons above at `size` px (16 by default), in the surrounding text colour. */
export function Icon({ name, size = 16, ...props }: { name: IconName; size?: number } & Omit<SVGProps<SVGSVGElement>, "name">) {
  return (
    <svg width={size} height={size} viewBox="0 0 16 16" fill="currentColor" aria-hidden="true" focusable="false" {...props}>
      <path fillRule="evenodd" d={PATHS[name]} />
    </svg>
  );
}
