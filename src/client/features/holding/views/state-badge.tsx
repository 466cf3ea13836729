import type { AuthorizationState } from "../../../../contracts/holding";
import { Badge, type BadgeTone } from "../../../ui/badge";

/** Spec section 4: a holding's authorization states, as a person reads them. */
export const STATE_LABELS: Readonly<Record<AuthorizationState, string>> = { requested: "Requested", denied: "Denied", authorized: "Authorized" };
const TONES: Readonly<Record<AuthorizationState, BadgeTone>> = { requested: "warning", denied: "bad", authorized: "good" };

export function StateBadge({ state }: { readonly state: AuthorizationState }) {
  return <Badge tone={TONES[state]} data-state={state}>{STATE_LABELS[state]}</Badge>;
}
