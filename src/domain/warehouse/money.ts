/** Amounts are kept to the cent: sums of many floating-point amounts otherwise show noise (0.30000000000000004). */
export const cents = (amount: number) => Math.round(amount * 100) / 100;

/** The sum of amounts, to the cent. */
export const sumOf = (amounts: Iterable<number>) => {
  let total = 0;
  for (const amount of amounts) total += amount;
  return cents(total);
};

/** A share in percent, one decimal; null when there is nothing to share (a zero whole). */
export const percentOf = (part: number, whole: number): number | null => (whole === 0 ? null : Math.round((part / whole) * 1000) / 10);

/** The median of numbers; null for none. */
export function medianOf(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return cents(sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2);
}
