import { useEffect } from "react";
import { useLocation } from "wouter";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Page } from "../../../ui/layout";
import { PageHeader } from "../../../ui/page-header";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";

/** /forecasting: to the first category's overview. */
export default function ForecastingScreen() {
  const dispatch = useDispatch();
  const [, navigate] = useLocation();
  const categories = useModel((state: AppState) => state.forecasting.categories);
  useEffect(() => {
    dispatch({ _tag: "LoadForecastCategories" });
  }, [dispatch]);
  const first = categories.status === "loaded" ? categories.items[0] : undefined;
  useEffect(() => {
    if (first) navigate(`/forecasting/category/${first.id}`, { replace: true });
  }, [first, navigate]);
  return (
    <Page>
      <PageHeader title="Forecasting" />
      {categories.status === "error" ? (
        <ErrorState message={categories.message} onRetry={() => dispatch({ _tag: "LoadForecastCategories" })} />
      ) : categories.status === "loaded" && !first ? (
        <EmptyState title="No KPI categories" text="Forecasts belong to a KPI category. This company has none yet." />
      ) : (
        <LoadingState label="Loading forecasts…" />
      )}
    </Page>
  );
}
