import { LiquidityCommand, LiquidityEvent } from "../../../contracts/messages/liquidity";
import { ToastShown } from "../../../contracts/messages/notifications";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Feature } from "../../bus/bus";
import { liquidityEpics } from "./epics";

/** Liquidity planning (issue 17): scenarios and their comparison, headcount, expenses. Registers when one of its screens loads. */
export const feature: Feature<AppState, EpicDeps> = {
  name: "liquidity",
  messages: [LiquidityCommand, LiquidityEvent, ToastShown],
  epics: liquidityEpics,
};
