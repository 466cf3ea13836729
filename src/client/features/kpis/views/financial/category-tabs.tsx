import type { KpiCategory } from "../../../../../contracts/kpis";
import { LinkTabs } from "../../../../ui/link-tabs";

/** The financial categories (P&L, balance sheet, …) as tabs, each a link to its own address. */
export function CategoryTabs({ categories, currentId }: { categories: readonly KpiCategory[]; currentId: number | undefined }) {
  const tabs = categories.map((category) => ({ href: `/reporting/financial-dashboard/${category.id}`, label: category.name }));
  const current = tabs.find((_tab, index) => categories[index]!.id === currentId)?.href ?? "";
  return <LinkTabs label="Financial categories" tabs={tabs} current={current} />;
}
