import type { DomainEvent } from "../../../contracts/messages";
import type { ToastContent } from "../notifications/toast-rules";

/**
 * The toasts of the person's own account changes (two-factor, company policy, single sign-on),
 * worded like notifications/toast-rules.ts. Failures stay on the screen, next to their form.
 */
export function accountToastFor(event: DomainEvent): ToastContent | null {
  switch (event._tag) {
    case "TwoFactorActivated":
      return { tone: "success", text: "Two-factor authentication is on: each sign-in asks for a code from your app", action: null };
    case "TwoFactorDeactivated":
      return { tone: "success", text: "Two-factor authentication is off", action: null };
    case "TwoFactorPolicySet":
      return { tone: "success", text: event.policy === "mandatory" ? "Two-factor authentication is now mandatory for everyone" : "Two-factor authentication is now optional", action: null };
    default:
      return null;
  }
}
