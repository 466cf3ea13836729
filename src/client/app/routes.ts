import type { ComponentType } from "react";
import { lazyScreen } from "./lazy-screen";

/**
 * The screens that exist, each its own chunk. Public screens render without the shell; main
 * screens inside it. A screen is added here when it lands (and marked `landed` in
 * domain/navigation/screens.ts, which puts it in the menu).
 */
export interface RouteEntry {
  readonly path: string;
  readonly screen: ComponentType;
}

export const PUBLIC_SCREENS: readonly RouteEntry[] = [
  { path: "/login", screen: lazyScreen("login", () => import("../features/session/views/login-screen")) },
];

export const MAIN_SCREENS: readonly RouteEntry[] = [];
