import { useRef, useState } from "react";
import { Link } from "wouter";
import { Alert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { useConfirm } from "../../../ui/confirm";
import { Checkbox } from "../../../ui/inputs";
import { useUnsavedChangesGuard } from "../../../ui/navigation-guard";
import { NotificationCentre, type NotificationItem } from "../../../ui/notification-centre";
import { SkipLink } from "../../../ui/skip-link";
import { EmptyState, ErrorState, LoadingState, NotFoundState, PermissionDenied } from "../../../ui/states";
import { Toast, ToastRegion, type ToastData } from "../../../ui/toast";
import { Code, Specimen, State } from "./specimen";

/** Alert, the empty / loading / error states, ConfirmDialog, toasts, the notification centre, the guard, the skip link. */
export function FeedbackSections({ now }: { now: Date }) {
  return (
    <>
      <Specimen id="alert" name='<Alert tone="danger | warning | info | success" title action onDismiss>' file="alert.tsx" use="A message inside the page next to what it is about. Danger and warning are announced at once (role alert), info and success politely (role status). Replaces DangerAlert.">
        <State label="Danger with the server's messages">
          <Alert tone="danger" title="Could not save">
            {"Actual: Enter a number.\nPlan: Enter a number."}
          </Alert>
        </State>
        <State label="Warning with action">
          <Alert tone="warning" title="More than 10,000 entries" action={<Button size="sm">Download CSV</Button>}>
            Choose a shorter timeframe, or download the list.
          </Alert>
        </State>
        <State label="Info, dismissible">
          <DismissibleInfo />
        </State>
        <State label="Success">
          <Alert tone="success">Two-factor authentication is on.</Alert>
        </State>
      </Specimen>

      <StatesSpecimen />
      <ConfirmSpecimen />
      <ToastSpecimen />
      <NotificationSpecimen now={now} />
      <GuardSpecimen />

      <Specimen id="skip-link" name='<SkipLink targetId="main">' file="skip-link.tsx · visually-hidden.tsx" use="“Skip to main content”: first in the tab order, hidden until focused, moves focus to the main region without touching the address. The shell places it; here one skips to the components.">
        <State label="Press Tab in this box">
          <SkipLink targetId="uipatterns-components">Skip to the components</SkipLink>
          <span>
            Hidden text for screen readers: <Code>{"<VisuallyHidden>"}</Code>
          </span>
        </State>
      </Specimen>
    </>
  );
}

function DismissibleInfo() {
  const [shown, setShown] = useState(true);
  return shown ? (
    <Alert tone="info" onDismiss={() => setShown(false)}>
      Values before Apr 2024 are estimates.
    </Alert>
  ) : (
    <Button size="sm" onClick={() => setShown(true)}>
      Show the info again
    </Button>
  );
}

function StatesSpecimen() {
  const [retrying, setRetrying] = useState(false);
  return (
    <Specimen
      id="states"
      name="<EmptyState> <LoadingState> <ErrorState> <PermissionDenied> <NotFoundState>"
      file="states.tsx"
      use="What a place shows when it has nothing yet, is loading, failed, may not be seen, or does not exist. ErrorState replaces RetryAlert; PermissionDenied shows only the spec's explanation."
    >
      <State label="Empty">
        <EmptyState title="No favourite KPIs yet" text="Mark KPIs with the star on a dashboard or a KPI detail page." action={<Link href="/reporting/operational-dashboard">Open the operational dashboard</Link>} headingLevel={3} />
      </State>
      <State label="Loading: spinner and skeleton">
        <LoadingState label="Loading KPIs…" />
        <div style={{ width: "100%" }}>
          <LoadingState variant="skeleton" label="Loading the table…" lines={3} />
        </div>
      </State>
      <State label="Error (Try again is busy for 1.5 s)">
        <ErrorState
          message="An error occurred, try again in a few minutes. Error message: timeout."
          busy={retrying}
          onRetry={() => {
            setRetrying(true);
            setTimeout(() => setRetrying(false), 1500);
          }}
        />
      </State>
      <State label="Permission denied (as a part, h2)">
        <PermissionDenied headingLevel={2} />
      </State>
      <State label="Not found (as a part, h2)">
        <NotFoundState headingLevel={2} homeHref="/my-dashboard" homeLabel="Go to My dashboard" />
      </State>
    </Specimen>
  );
}

function ConfirmSpecimen() {
  const confirm = useConfirm();
  const [answer, setAnswer] = useState<string>("No answer yet.");
  const ask = async (danger: boolean) => {
    const confirmed = await confirm(
      danger
        ? { title: "Delete Revenue?", message: "Its 36 monthly values are deleted too. This cannot be undone.", confirmLabel: "Delete", tone: "danger" }
        : { title: "Publish the report?", message: "Investors on the list receive it by e-mail.", confirmLabel: "Publish" },
    );
    setAnswer(confirmed ? "Confirmed." : "Cancelled.");
  };
  return (
    <Specimen
      id="confirm-dialog"
      name="const confirm = useConfirm(); await confirm({ title, message, confirmLabel, tone })"
      file="confirm.tsx · confirm-dialog.tsx"
      use="A modal question before an action that destroys or loses work. Focus is trapped inside and returns to the button; Escape cancels; a click outside does not. The danger variant starts on Cancel. <ConfirmDialog> is the same dialog for code that manages it itself."
    >
      <State label="Danger and default">
        <Button variant="danger" onClick={() => void ask(true)}>
          Delete Revenue…
        </Button>
        <Button onClick={() => void ask(false)}>Publish…</Button>
        <span role="status">{answer}</span>
      </State>
    </Specimen>
  );
}

function ToastSpecimen() {
  const [toasts, setToasts] = useState<readonly ToastData[]>([]);
  const [log, setLog] = useState("");
  const next = useRef(1);
  const push = (toast: Omit<ToastData, "id">) => setToasts((current) => [...current, { ...toast, id: next.current++ }]);
  const dismiss = (id: ToastData["id"]) => setToasts((current) => current.filter((toast) => toast.id !== id));
  return (
    <Specimen
      id="toast"
      name="<ToastRegion toasts onDismiss onAction max> <Toast>"
      file="toast.tsx"
      use="Passing feedback after an action: “Saved”, “Failed — try again”, with Undo where it makes sense. Bottom right, small, at most three, never over the header, filters or primary actions. Successes leave after 5 s (10 s with an action), errors stay; hovering or focusing pauses the countdown."
    >
      <State label="Kinds (static)" wide>
        <div style={{ display: "grid", gap: 8, width: "min(360px, 100%)" }}>
          <Toast toast={{ id: "s", kind: "success", title: "Saved", text: "Revenue, Oct 2026", duration: null }} onDismiss={() => undefined} />
          <Toast toast={{ id: "u", kind: "info", title: "KPI removed from favourites", actionLabel: "Undo", duration: null }} onDismiss={() => undefined} onAction={() => undefined} />
          <Toast toast={{ id: "e", kind: "error", title: "Failed — try again", text: "The values could not be saved.", actionLabel: "Try again" }} onDismiss={() => undefined} onAction={() => undefined} />
        </div>
      </State>
      <State label="Live: show toasts in the region">
        <Button size="sm" onClick={() => push({ kind: "success", title: "Saved", text: "Revenue, Oct 2026" })}>
          Saved
        </Button>
        <Button size="sm" onClick={() => push({ kind: "info", title: "KPI removed from favourites", actionLabel: "Undo" })}>
          With Undo
        </Button>
        <Button size="sm" onClick={() => push({ kind: "error", title: "Failed — try again", actionLabel: "Try again" })}>
          Failed
        </Button>
        <span role="status">{log}</span>
      </State>
      <ToastRegion toasts={toasts} onDismiss={dismiss} onAction={(id) => setLog(`Action of toast ${id} pressed.`)} />
    </Specimen>
  );
}

function NotificationSpecimen({ now }: { now: Date }) {
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  const [items, setItems] = useState<readonly NotificationItem[]>(() => [
    { id: 1, text: "Ada Administrator changed Revenue for Oct 2026", at: minutesAgo(3), read: false, href: "/uipatterns#notification-centre" },
    { id: 2, text: "Clara C-Level changed the plan of Gross margin for Nov 2026", at: minutesAgo(95), read: false },
    { id: 3, text: "Ada Administrator changed Headcount for Sep 2026", at: minutesAgo(60 * 26), read: true },
  ]);
  return (
    <Specimen
      id="notification-centre"
      name="<NotificationCentre notifications now onOpen onMarkAllRead onSelect renderLink>"
      file="notification-centre.tsx · relative-time.ts"
      use="The bell with the unread count and the list behind it: what other people changed, with when, read or unread, and “Mark all as read”. Notifications live here instead of covering the page. Props only; the app's model supplies them."
    >
      <State label="With unread">
        <NotificationCentre notifications={items} now={now} onMarkAllRead={() => setItems((current) => current.map((item) => ({ ...item, read: true })))} renderLink={(href, children, onClick) => <Link href={href} onClick={onClick}>{children}</Link>} />
        <span>{items.filter((item) => !item.read).length} unread</span>
      </State>
      <State label="Empty">
        <NotificationCentre notifications={[]} now={now} onMarkAllRead={() => undefined} />
      </State>
    </Specimen>
  );
}

function GuardSpecimen() {
  const [dirty, setDirty] = useState(false);
  useUnsavedChangesGuard(dirty, "The example on /uipatterns has unsaved changes. If you leave this page, they are lost.");
  return (
    <Specimen
      id="unsaved-changes"
      name="useUnsavedChangesGuard(dirty, message?)"
      file="navigation-guard.tsx · history-guard.ts"
      use="Asks before leaving a page with unsaved changes: in-app links, navigate, back and forward get the confirm dialog (Stay / Leave); reload and closing the tab get the browser's own question. App-wide it needs NavigationGuardProvider (app.tsx)."
    >
      <State label="Try it">
        <Checkbox label="This page has unsaved changes" checked={dirty} onChange={(event) => setDirty(event.target.checked)} />
        <span>Then follow a menu link, press Back, or reload.</span>
      </State>
    </Specimen>
  );
}
