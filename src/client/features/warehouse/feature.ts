import { ToastShown } from "../../../contracts/messages/notifications";
import { WarehouseCommand, WarehouseEvent } from "../../../contracts/messages/warehouse";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Feature } from "../../bus/bus";
import { warehouseEpics } from "./epics";

/** The warehouse screens: registers when one of them loads. */
export const feature: Feature<AppState, EpicDeps> = {
  name: "warehouse",
  messages: [WarehouseCommand, WarehouseEvent, ToastShown],
  epics: warehouseEpics,
};
