import { QueryBuilderCommand, QueryBuilderEvent } from "../../../contracts/messages/query-builder";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Feature } from "../../bus/bus";
import { queryBuilderEpics } from "./epics";

/** The query builder: registers when its screens load. */
export const feature: Feature<AppState, EpicDeps> = {
  name: "queryBuilder",
  messages: [QueryBuilderCommand, QueryBuilderEvent],
  epics: queryBuilderEpics,
};
