/** Below this width the menu leaves the page and opens from the menu button as a drawer. */
export const SIDEBAR_BREAKPOINT = 900;

/** Below this width the currency and theme move from the top bar into the menu drawer. */
export const COMPACT_TOP_BAR = 640;
