/**
 * A KPI value by dimension (spec section 3, "Multi-dimension KPI upload") is stored under a
 * dimension key: kpi_values' primary key is (tenant, kpi, dimension_key, series, month), and the
 * KPI's own value has the empty key. The key names every dimension with its value, so the same
 * combination always makes the same key, whatever the order of the file's columns:
 * the pairs sorted by dimension name, as JSON (`[["Product","A"],["Region","North"]]`), which
 * needs no escaping rules of its own and reads back exactly. Deep drills read the pairs back.
 */
export type Dimensions = Readonly<Record<string, string>>;

/** The key of a combination; "" (the KPI's own value) when it names no dimension. */
export function dimensionKeyOf(dimensions: Dimensions): string {
  const pairs = Object.entries(dimensions)
    .filter(([, value]) => value !== "")
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return pairs.length === 0 ? "" : JSON.stringify(pairs);
}

/** The dimensions a key names, in key order; none for "" or a key this function did not make. */
export function dimensionsOf(key: string): [string, string][] {
  if (key === "") return [];
  try {
    const pairs: unknown = JSON.parse(key);
    return Array.isArray(pairs) && pairs.every((pair) => Array.isArray(pair) && pair.length === 2 && pair.every((part) => typeof part === "string")) ? (pairs as [string, string][]) : [];
  } catch {
    return [];
  }
}

/** "Product: A · Region: North" */
export const describeDimensions = (key: string) =>
  dimensionsOf(key)
    .map(([name, value]) => `${name}: ${value}`)
    .join(" · ");
