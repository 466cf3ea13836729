import { useState } from "react";
import { CheckboxGroup, DateInput, FilterSelect, MonthInput, SegmentedControl } from "../../../ui/compact-controls";
import { FilterBar, type FilterBarItem, type FilterBarLayout } from "../../../ui/filter-bar";
import { FormField } from "../../../ui/form-field";
import { Checkbox, NumberInput, Select, TextArea, TextInput } from "../../../ui/inputs";
import { Specimen, State } from "./specimen";

/** FormField with its inputs; the compact controls; FilterBar in its three layouts. */
export function FormSections() {
  const [email, setEmail] = useState("ada@");
  const [amount, setAmount] = useState("448,171");
  const [role, setRole] = useState("employee");
  const [welcome, setWelcome] = useState(true);
  return (
    <>
      <Specimen
        id="form-field"
        name='<FormField label="…" help="…" error="…" required><TextInput /></FormField>'
        file="form-field.tsx · inputs.tsx"
        use="Every form control: the label above, help under it, and the error right under the control as “Label: message”, tied to it with aria-describedby and aria-invalid. TextInput, TextArea (several lines; `code` for queries), NumberInput (text with tabular figures, unit), Select and Checkbox."
      >
        <State label="Default with help">
          <FormField label="First name" help="As it appears in e-mails.">
            <TextInput value="Ada" onChange={() => undefined} />
          </FormField>
        </State>
        <State label="Error (type a full address)">
          <FormField label="E-mail" required error={/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email) ? null : "Enter a valid e-mail address."}>
            <TextInput type="email" value={email} onChange={(event) => setEmail(event.target.value)} />
          </FormField>
        </State>
        <State label="Number with unit">
          <FormField label="Actual, Oct 2026" help="Digits with , for thousands and . for decimals.">
            <NumberInput unit="€" value={amount} onChange={(event) => setAmount(event.target.value)} />
          </FormField>
        </State>
        <State label="Select">
          <FormField label="Group">
            <Select
              value={role}
              onChange={(event) => setRole(event.target.value)}
              options={[
                { value: "administrator", label: "Administrator" },
                { value: "employee", label: "Employee" },
                { value: "external", label: "External" },
              ]}
            />
          </FormField>
        </State>
        <State label="Disabled">
          <FormField label="Company" help="Set by your administrator.">
            <TextInput value="Demo GmbH" disabled onChange={() => undefined} />
          </FormField>
        </State>
        <State label="Several server messages">
          <form onSubmit={(event) => event.preventDefault()} style={{ width: "100%" }}>
            <FormField label="Password" error={["This password is too short.", "This password is too common."]}>
              <TextInput type="password" value="secret" onChange={() => undefined} autoComplete="new-password" />
            </FormField>
          </form>
        </State>
        <State label="Checkbox">
          <Checkbox label="Send a welcome e-mail" help="With a link to set a password." checked={welcome} onChange={(event) => setWelcome(event.target.checked)} />
          <Checkbox label="Strictly confidential values" disabled checked={false} onChange={() => undefined} />
          <Checkbox label="I accept the terms" error="Accept the terms to continue." checked={false} onChange={() => undefined} />
        </State>
        <State label="Several lines (code)">
          <FormField label="Query" help="One SELECT that returns the columns month and value.">
            <TextArea code rows={3} value={"select month, sum(amount) as value\nfrom bookings group by month"} onChange={() => undefined} />
          </FormField>
        </State>
        <State label="Long label, narrow" width="240px">
          <FormField label="Months to leave out of the trend calculation at the end of the period">
            <TextInput value="0" onChange={() => undefined} />
          </FormField>
        </State>
      </Specimen>

      <CompactControlsSpecimen />
      <FilterBarSpecimen />
    </>
  );
}

const BUCKET_SIZES = [
  { value: "M", label: "M", title: "Month" },
  { value: "Q", label: "Q", title: "Quarter" },
  { value: "HY", label: "HY", title: "Half-year" },
  { value: "Y", label: "Y", title: "Year" },
] as const;

function CompactControlsSpecimen() {
  const [size, setSize] = useState<(typeof BUCKET_SIZES)[number]["value"]>("M");
  const [month, setMonth] = useState("2026-10");
  const [day, setDay] = useState("");
  const [months, setMonths] = useState(3);
  return (
    <Specimen
      id="compact-controls"
      name="<FilterSelect> <MonthInput> <DateInput> <CheckboxGroup> <SegmentedControl>"
      file="compact-controls.tsx"
      use="Small labelled controls for filter bars and toolbars, each complete with its label and typed by its value (a number stays a number)."
    >
      <State label="FilterSelect">
        <FilterSelect label="Trend over" value={months} onChange={setMonths} options={[1, 3, 6, 12].map((value) => ({ value, label: value === 1 ? "1 month" : `${value} months` }))} />
        <FilterSelect label="Disabled" value={0} onChange={() => undefined} options={[{ value: 0, label: "0" }]} disabled />
      </State>
      <State label="MonthInput">
        <MonthInput label="Reporting month" value={month} onChange={setMonth} />
      </State>
      <State label="DateInput (empty: its default day)">
        <DateInput label="Pipeline on" value={day} onChange={setDay} />
      </State>
      <State label="SegmentedControl (M / Q / HY / Y)">
        <SegmentedControl label="Bucket size" options={BUCKET_SIZES} value={size} onChange={setSize} />
        <SegmentedControl label="Bucket size (label hidden)" hideLabel options={BUCKET_SIZES} value={size} onChange={setSize} />
      </State>
      <State label="CheckboxGroup">
        <TrendDirections />
      </State>
    </Specimen>
  );
}

type Direction = "up" | "neutral" | "down" | "null";
const DIRECTIONS: readonly { value: Direction; label: string }[] = [
  { value: "up", label: "Up" },
  { value: "neutral", label: "Neutral" },
  { value: "down", label: "Down" },
  { value: "null", label: "No trend" },
];

function TrendDirections({ value, onChange }: { value?: readonly Direction[]; onChange?: (value: Direction[]) => void }) {
  const [own, setOwn] = useState<readonly Direction[]>(["up", "neutral", "down", "null"]);
  return <CheckboxGroup legend="Trend" options={DIRECTIONS} value={value ?? own} onChange={onChange ?? setOwn} />;
}

interface DemoFilters {
  readonly month: string;
  readonly leftOut: number;
  readonly trendOver: number;
  readonly monthsBack: number;
  readonly directions: readonly Direction[];
  readonly planning: boolean;
}

const DEFAULTS: DemoFilters = { month: "2026-10", leftOut: 0, trendOver: 1, monthsBack: 0, directions: ["up", "neutral", "down", "null"], planning: false };

/** The dashboard's filter set, for the bar in its layouts. */
function useDemoFilters(name: string): { items: FilterBarItem[]; reset: () => void } {
  const [filters, setFilters] = useState(DEFAULTS);
  const change = (patch: Partial<DemoFilters>) => setFilters((current) => ({ ...current, ...patch }));
  const items: FilterBarItem[] = [
    { key: "month", priority: "essential", changed: filters.month !== DEFAULTS.month, control: <MonthInput label="Reporting month" value={filters.month} onChange={(month) => change({ month })} /> },
    {
      key: "left-out",
      priority: "essential",
      changed: filters.leftOut !== DEFAULTS.leftOut,
      control: <FilterSelect label="Months left out" value={filters.leftOut} onChange={(leftOut) => change({ leftOut })} options={[0, 1, 2, 3].map((value) => ({ value, label: String(value) }))} />,
    },
    {
      key: "trend-over",
      changed: filters.trendOver !== DEFAULTS.trendOver,
      control: <FilterSelect label="Trend over" value={filters.trendOver} onChange={(trendOver) => change({ trendOver })} options={[1, 3, 6, 12].map((value) => ({ value, label: value === 1 ? "1 month" : `${value} months` }))} />,
    },
    {
      key: "months-back",
      priority: "secondary",
      changed: filters.monthsBack !== DEFAULTS.monthsBack,
      control: <FilterSelect label="Months back" value={filters.monthsBack} onChange={(monthsBack) => change({ monthsBack })} options={[0, 1, 2, 3, 6, 12].map((value) => ({ value, label: String(value) }))} />,
    },
    {
      key: "directions",
      priority: "secondary",
      changed: filters.directions.length !== DEFAULTS.directions.length,
      control: <TrendDirections value={filters.directions} onChange={(directions) => change({ directions })} />,
    },
    {
      key: "planning",
      priority: "secondary",
      changed: filters.planning !== DEFAULTS.planning,
      control: <Checkbox label="Planning as benchmark" id={`${name}-planning`} checked={filters.planning} onChange={(event) => change({ planning: event.target.checked })} />,
    },
  ];
  return { items, reset: () => setFilters(DEFAULTS) };
}

function DemoFilterBar({ label, layout }: { label: string; layout: FilterBarLayout }) {
  const { items, reset } = useDemoFilters(label.replace(/\W+/g, "-").toLowerCase());
  return <FilterBar label={label} items={items} onReset={reset} layout={layout} />;
}

function FilterBarSpecimen() {
  return (
    <Specimen
      id="filter-bar"
      name='<FilterBar label="…" items={[{ key, control, priority, changed }]} onReset layout="auto">'
      file="filter-bar.tsx"
      use="The one bar of filters above a report. In one line while it fits (a dashboard's seven filters at 1440 px); narrower, secondary filters move behind “More filters”; on a phone one “Filters (n)” button holds all but the essential ones (the reporting month stays visible). Counts show filters that differ from their defaults; Reset filters resets all of them."
    >
      <State label="auto: resize the window" wide>
        <DemoFilterBar label="Dashboard filters" layout="auto" />
      </State>
      <State label='layout="inline" (a dashboard at 1440 px)' wide>
        <DemoFilterBar label="Dashboard filters, inline layout" layout="inline" />
      </State>
      <State label='layout="more" (e.g. 1024 px)' wide>
        <DemoFilterBar label="Dashboard filters, more layout" layout="more" />
      </State>
      <State label='layout="compact" (e.g. 390 px)' width="360px">
        <DemoFilterBar label="Dashboard filters, compact layout" layout="compact" />
      </State>
    </Specimen>
  );
}
