import { styled } from "styled-components";
import { BUCKET_SIZES, type BucketSize } from "../../../../../domain/kpi/periods";

export interface BucketSizePickerProps {
  readonly value: BucketSize;
  readonly onChange: (size: BucketSize) => void;
  /** The group's accessible name. */
  readonly label?: string;
}

/** The date-picker groups M, Q, HY, Y: buckets of 1, 3, 6 or 12 months (spec section 9). */
export function BucketSizePicker({ value, onChange, label = "Bucket size" }: BucketSizePickerProps) {
  return (
    <Segments role="group" aria-label={label}>
      {BUCKET_SIZES.map((size) => (
        <button key={size} type="button" aria-pressed={size === value} title={BUCKET_NAME[size]} onClick={() => size !== value && onChange(size)}>
          {BUCKET_GROUP[size]}
        </button>
      ))}
    </Segments>
  );
}

export const BUCKET_GROUP: Readonly<Record<BucketSize, string>> = { 1: "M", 3: "Q", 6: "HY", 12: "Y" };
const BUCKET_NAME: Readonly<Record<BucketSize, string>> = { 1: "Month", 3: "Quarter", 6: "Half-year", 12: "Year" };

const Segments = styled.div`
  display: inline-flex;
  border: 1px solid ${(p) => p.theme.border};
  border-radius: 6px;
  overflow: hidden;
  button {
    font: inherit;
    font-size: 13px;
    min-width: 40px;
    padding: 5px 10px;
    border: none;
    cursor: pointer;
    background: transparent;
    color: ${(p) => p.theme.text};
  }
  button + button { border-left: 1px solid ${(p) => p.theme.border}; }
  button[aria-pressed="true"] { background: ${(p) => p.theme.accent}; color: ${(p) => p.theme.accentText}; }
  button:focus-visible { outline-offset: -2px; }
`;
