/**
 * The design tokens that do not change with the theme: type, space, radii, layers, motion and
 * breakpoints. Colours and shadows are theme roles (`theme.ts`). Components use these names, never
 * raw pixel values, so a screen built from them keeps the product's rhythm.
 */

/** Inter, self-hosted (font.ts); the system stack stands in while it loads and if it cannot. */
export const FONT_FAMILY = `"Inter Variable", Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;

/**
 * The type scale, in px with its line height. Body text is `md` (14 px): a dense finance tool
 * reads at 14 with 13 for secondary lines; headings step up by about 1.2.
 */
export const TYPE_SCALE = {
  /** Badges, legends, table captions. */
  xs: { size: "12px", lineHeight: "16px" },
  /** Labels, help text, secondary lines, dense tables. */
  sm: { size: "13px", lineHeight: "18px" },
  /** Body text, inputs, buttons, table cells. */
  md: { size: "14px", lineHeight: "20px" },
  /** Section headings (h2) and card titles that lead. */
  lg: { size: "16px", lineHeight: "22px" },
  /** Sub-page headings, dialog titles. */
  xl: { size: "18px", lineHeight: "24px" },
  /** The page title (h1). */
  xxl: { size: "22px", lineHeight: "28px" },
  /** Key figures: the actual on a KPI card. */
  figure: { size: "26px", lineHeight: "32px" },
} as const;
export type TypeStep = keyof typeof TYPE_SCALE;

/** Weights Inter carries (variable, any value 100-900 works; these are the ones we use). */
export const FONT_WEIGHT = { regular: 400, medium: 500, semibold: 600, bold: 700 } as const;

/**
 * The spacing scale on a 4 px grid. `xs` inside controls, `sm` between a label and its control,
 * `md` between controls, `lg` inside cards, `xl` between sections, `xxl` around the page.
 */
export const SPACE = {
  none: "0",
  xxs: "2px",
  xs: "4px",
  sm: "8px",
  md: "12px",
  lg: "16px",
  xl: "24px",
  xxl: "32px",
  xxxl: "48px",
} as const;
export type SpaceStep = keyof typeof SPACE;

/** Corner radii: `sm` for badges and checkboxes, `md` for controls, `lg` for cards and dialogs. */
export const RADIUS = { sm: "4px", md: "6px", lg: "10px", pill: "999px" } as const;

/** Heights of controls, so a button, a select and an input line up in one row. */
export const CONTROL_HEIGHT = { sm: "28px", md: "36px" } as const;
export type ControlSize = keyof typeof CONTROL_HEIGHT;

/**
 * Stacking layers, lowest first. Everything that floats takes its layer from here, so a popover
 * never slides under a sticky table header and a toast never covers a dialog.
 */
export const LAYER = {
  /** Sticky table headers and first columns, inside their scroll area. */
  sticky: 10,
  /** The shell's top bar and a collapsed sidebar drawer. */
  shell: 20,
  /** Popovers, menus, the "More filters" panel, the notification centre. */
  popover: 30,
  /** Toasts: above popovers, under dialogs. */
  toast: 40,
  /** Modal dialogs and their veil. */
  dialog: 50,
  /** Tooltips describe whatever they point at, also inside a dialog. */
  tooltip: 60,
  /** The skip link, when focused, is above everything. */
  skipLink: 70,
} as const;

/**
 * Motion: short and functional. `prefers-reduced-motion: reduce` turns every transition and
 * animation off globally (global-style.ts), so components may use these freely.
 */
export const MOTION = {
  fast: "120ms",
  base: "200ms",
  easing: "cubic-bezier(0.2, 0, 0, 1)",
} as const;

/** Viewport breakpoints (px) the shell and page layouts switch at; components adapt to their container. */
export const BREAKPOINT = { narrow: 600, medium: 1024, wide: 1440 } as const;

/** `@media` conditions for the breakpoints, e.g. `${MEDIA.narrow} { … }`. */
export const MEDIA = {
  /** Phones: up to 599 px. */
  narrow: `@media (max-width: ${BREAKPOINT.narrow - 1}px)`,
  /** Up to 1023 px: tablets and small laptops. */
  belowMedium: `@media (max-width: ${BREAKPOINT.medium - 1}px)`,
  reducedMotion: "@media (prefers-reduced-motion: reduce)",
} as const;
