import type { Schema } from "@effect/schema";
import {
  DataIssuesAnswer,
  DealSizeAnswer,
  ListViewAnswer,
  PipelineAnswer,
  RawDataAnswer,
  SalesTargetAnswer,
  StageSizeMixAnswer,
  DevelopmentShareAnswer,
  RecommendationsAnswer,
  SnapshotComparisonAnswer,
  SnapshotSummary,
  StagePercentagesAnswer,
  StagesAnswer,
} from "../../../contracts/warehouse";
import { Schema as S } from "@effect/schema";
import type { WarehouseRequest } from "../../../contracts/messages/warehouse";
import type { ApiRequest } from "../../effect/http-client";

/** What each view's request answers. */
export interface WarehouseAnswers {
  "deal-size": typeof DealSizeAnswer.Type;
  stages: typeof StagesAnswer.Type;
  "stage-percentages": typeof StagePercentagesAnswer.Type;
  "sales-target": typeof SalesTargetAnswer.Type;
  marimekko: typeof StageSizeMixAnswer.Type;
  "development-share": typeof DevelopmentShareAnswer.Type;
  recommendations: typeof RecommendationsAnswer.Type;
  pipeline: typeof PipelineAnswer.Type;
  "list-view": typeof ListViewAnswer.Type;
  "data-issues": typeof DataIssuesAnswer.Type;
  snapshots: readonly (typeof SnapshotSummary.Type)[];
  snapshot: typeof SnapshotComparisonAnswer.Type;
  "raw-data": typeof RawDataAnswer.Type;
}

const SnapshotList = S.Array(SnapshotSummary);

/** The warehouse API call of a view's request. */
export function warehouseApiRequest(request: WarehouseRequest): ApiRequest<unknown> {
  // Each view decodes its own answer; the slot keeps it as the view's answer (WarehouseAnswers).
  const get = <A>(path: string, decode: Schema.Schema<A, any>, query?: Record<string, string | undefined>): ApiRequest<unknown> => ({ root: "warehouse", method: "GET", path, decode: decode as Schema.Schema<unknown, any>, ...(query ? { query } : {}) });
  switch (request.view) {
    case "deal-size":
      return get("/sales/deal-size/", DealSizeAnswer, { from: request.from, to: request.to });
    case "stages":
      return get("/sales/stages/", StagesAnswer, { from: request.from, to: request.to });
    case "stage-percentages":
      return get("/sales/stage-percentages/", StagePercentagesAnswer, { from: request.from, to: request.to });
    case "sales-target":
      return get("/sales/sales-target/", SalesTargetAnswer, { from: request.from, to: request.to });
    case "marimekko":
      return get("/sales/marimekko/", StageSizeMixAnswer, { from: request.from, to: request.to });
    case "development-share":
      return get("/sales/development-share/", DevelopmentShareAnswer, { from: request.from, to: request.to });
    case "recommendations":
      return get("/recommendations/", RecommendationsAnswer, { from: request.from, to: request.to });
    case "pipeline":
      return get("/sales/pipeline/", PipelineAnswer, { date: request.date ?? undefined });
    case "list-view":
      return get(`/list-views/${request.variant}/`, ListViewAnswer, { from: request.from, to: request.to });
    case "data-issues":
      return get("/data-issues/", DataIssuesAnswer);
    case "snapshots":
      return get("/snapshots/", SnapshotList);
    case "snapshot":
      return get(`/snapshots/${request.snapshotId}/`, SnapshotComparisonAnswer);
    case "raw-data":
      return get("/raw-data/", RawDataAnswer);
  }
}

/** A request as stable text: what a slot's data answers. */
export const requestParams = (request: WarehouseRequest) => JSON.stringify(request);
