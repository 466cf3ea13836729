export interface Change {
  readonly path: string;
  readonly before: unknown;
  readonly after: unknown;
}

/** The leaf-level differences between two JSON-like values, with dotted paths. */
export function diffValues(before: unknown, after: unknown, path = ""): Change[] {
  if (Object.is(before, after)) return [];
  const bothObjects = before && after && typeof before === "object" && typeof after === "object" && Array.isArray(before) === Array.isArray(after);
  if (!bothObjects) return [{ path: path || "(root)", before, after }];
  const keys = new Set([...Object.keys(before as object), ...Object.keys(after as object)]);
  return [...keys].flatMap((key) =>
    diffValues((before as Record<string, unknown>)[key], (after as Record<string, unknown>)[key], path ? `${path}.${key}` : key),
  );
}
