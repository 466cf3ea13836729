/**
 * The four API roots. One process serves all of them by default; `--roots` serves a subset so
 * each can scale apart behind a load balancer that routes by these prefixes.
 */
export const API_ROOTS = {
  main: "/api",
  auth: "/auth-api",
  warehouse: "/warehouse-api",
  ai: "/ai-api",
} as const;

export type ApiRootName = keyof typeof API_ROOTS;

export const API_ROOT_NAMES = Object.keys(API_ROOTS) as ApiRootName[];
