import { useEffect } from "react";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Page } from "../../../ui/layout";
import { PageHeader } from "../../../ui/page-header";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { CategoryOverview } from "./category-screen";

/**
 * /forecasting: the first category's overview, in place (its address stays /forecasting; the
 * category tabs lead to /forecasting/category/{id}). The first category is data, so it is no
 * redirect of the route table.
 */
export default function ForecastingScreen() {
  const dispatch = useDispatch();
  const categories = useModel((state: AppState) => state.forecasting.categories);
  useEffect(() => {
    if (categories.status === "idle") dispatch({ _tag: "LoadForecastCategories" });
  }, [dispatch, categories.status]);
  const first = categories.items[0];
  if (first) return <CategoryOverview categoryId={first.id} />;
  return (
    <Page>
      <PageHeader title="Forecasting" />
      {categories.status === "error" ? (
        <ErrorState message={categories.message} onRetry={() => dispatch({ _tag: "LoadForecastCategories" })} />
      ) : categories.status === "loaded" ? (
        <EmptyState title="No KPI categories" text="Forecasts belong to a KPI category. This company has none yet." />
      ) : (
        <LoadingState label="Loading forecasts…" />
      )}
    </Page>
  );
}
