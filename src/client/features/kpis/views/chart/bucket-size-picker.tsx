import { BUCKET_SIZES, type BucketSize } from "../../../../../domain/kpi/periods";
import { SegmentedControl } from "../../../../ui/compact-controls";

export interface BucketSizePickerProps {
  readonly value: BucketSize;
  readonly onChange: (size: BucketSize) => void;
  /** The group's accessible name. */
  readonly label?: string;
}

/**
 * The date-picker groups M, Q, HY, Y: buckets of 1, 3, 6 or 12 months (spec section 9), as the
 * design system's segmented control (radio buttons: the arrow keys move the choice).
 */
export function BucketSizePicker({ value, onChange, label = "Bucket size" }: BucketSizePickerProps) {
  return (
    <SegmentedControl
      label={label}
      hideLabel
      options={BUCKET_SIZES.map((size) => ({ value: String(size), label: BUCKET_GROUP[size], title: BUCKET_NAME[size] }))}
      value={String(value)}
      onChange={(size) => onChange(Number(size) as BucketSize)}
    />
  );
}

export const BUCKET_GROUP: Readonly<Record<BucketSize, string>> = { 1: "M", 3: "Q", 6: "HY", 12: "Y" };
const BUCKET_NAME: Readonly<Record<BucketSize, string>> = { 1: "Month", 3: "Quarter", 6: "Half-year", 12: "Year" };
