import type { CopilotEngine } from "./copilot-service";
import { offlineAnalyst } from "./offline-analyst";
import { copilotTools } from "./tools";

/** What the copilot answers with: the read-only tools (for the model) and the offline analyst. */
export const copilotEngine: CopilotEngine = { tools: copilotTools, analyst: offlineAnalyst };
