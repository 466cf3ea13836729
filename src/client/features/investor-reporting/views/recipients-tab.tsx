import { useEffect, useState } from "react";
import { styled } from "styled-components";
import type { InvestorReport, ReportRecipient } from "../../../../contracts/investor-reporting";
import { useDispatch, useModel } from "../../../bus/use-model";
import type { AppState } from "../../../app/state";
import { Alert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { useConfirm } from "../../../ui/confirm";
import { FormField } from "../../../ui/form-field";
import { TextArea, TextInput } from "../../../ui/inputs";
import { ScrollArea } from "../../../ui/scroll-area";
import { EmptyState } from "../../../ui/states";
import { SPACE } from "../../../ui/tokens";
import { VisuallyHidden } from "../../../ui/visually-hidden";
import { dateTime } from "../../query-builder/views/format";
import { useAction } from "./common";

/**
 * Who the report goes to: add (e-mail and name; the server's validation text next to the field),
 * remove, and for a sent report mail the chosen ones their personal link again (notify). Each
 * recipient's last sending and when they opened their link (first, last, how often).
 */
export function RecipientsTab({ report }: { report: InvestorReport }) {
  const dispatch = useDispatch();
  const confirm = useConfirm();
  const state = useAction("recipients", report.id);
  const notified = useModel((app: AppState) => app.investorReporting.sent[report.id]);
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const [bulk, setBulk] = useState("");
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [lastAction, setLastAction] = useState<string | null>(null);
  // An address added (it is on the list now) clears the form for the next one.
  const added = lastAction === "add" && state.status === "idle" && email !== "" && report.recipients.some((recipient) => recipient.email === email.trim().toLowerCase());
  useEffect(() => {
    if (!added) return;
    setEmail("");
    setName("");
  }, [added]);
  if (!report.canEdit) return <EmptyState title="Recipients" text="Only those who may change investor reports see the recipients." headingLevel={2} />;
  const change = (action: "add" | "remove" | "notify" | "set", recipients: readonly { email: string; name: string }[]) => {
    setLastAction(action);
    dispatch({ _tag: "ChangeReportRecipients", reportId: report.id, action, recipients: [...recipients] });
  };
  const add = () => {
    change("add", [{ email: email.trim(), name: name.trim() }]);
  };
  const remove = async (recipient: ReportRecipient) => {
    if (await confirm({ title: `Remove ${recipient.email}?`, message: "They get no further mails about this report; a link already sent keeps working until the report is sent again.", confirmLabel: "Remove", tone: "danger" }))
      change("remove", [{ email: recipient.email, name: recipient.name }]);
  };
  const toggle = (address: string) => {
    const next = new Set(chosen);
    if (next.has(address)) next.delete(address);
    else next.add(address);
    setChosen(next);
  };
  const emailErrors = Object.entries(state.fields)
    .filter(([field]) => field.includes("email"))
    .flatMap(([, messages]) => messages);
  const nameErrors = Object.entries(state.fields)
    .filter(([field]) => field.includes("name"))
    .flatMap(([, messages]) => messages);
  const sent = report.status === "sent";
  return (
    <Frame>
      <form
        className="add"
        aria-label="Add a recipient"
        onSubmit={(event) => {
          event.preventDefault();
          add();
        }}
      >
        <FormField label="E-mail" required error={lastAction === "add" ? emailErrors : []}>
          <TextInput type="email" value={email} maxLength={254} onChange={(event) => setEmail(event.target.value)} />
        </FormField>
        <FormField label="Name" error={lastAction === "add" ? nameErrors : []}>
          <TextInput value={name} maxLength={150} onChange={(event) => setName(event.target.value)} />
        </FormField>
        <Button type="submit" busy={state.busy && lastAction === "add"} disabled={!email.trim()}>
          Add recipient
        </Button>
      </form>
      {state.message && emailErrors.length === 0 && nameErrors.length === 0 ? <Alert tone="danger">{state.message}</Alert> : null}
      {lastAction === "notify" && notified ? <Alert tone={notified.failures.length ? "warning" : "success"}>{notified.detail}{notified.failures.map((failure) => ` ${failure.email}: ${failure.error}`).join(";")}</Alert> : null}
      {report.recipients.length === 0 ? (
        <EmptyState title="No recipients yet" text="Add the investors who should receive this report." headingLevel={2} />
      ) : (
        <ScrollArea label="Recipients, scrollable">
          <Table aria-label="Recipients">
            <thead>
              <tr>
                {sent ? (
                  <th scope="col">
                    <VisuallyHidden>Choose</VisuallyHidden>
                  </th>
                ) : null}
                <th scope="col">Recipient</th>
                <th scope="col">Last sent</th>
                <th scope="col">First opened</th>
                <th scope="col">Last opened</th>
                <th scope="col" className="numeric">
                  Opens
                </th>
                <th scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </th>
              </tr>
            </thead>
            <tbody>
              {report.recipients.map((recipient) => (
                <tr key={recipient.id}>
                  {sent ? (
                    <td>
                      <input type="checkbox" aria-label={`Choose ${recipient.email}`} checked={chosen.has(recipient.email)} onChange={() => toggle(recipient.email)} />
                    </td>
                  ) : null}
                  <th scope="row">
                    {recipient.name ? <span className="name">{recipient.name}</span> : null}
                    <span className="email">{recipient.email}</span>
                  </th>
                  <td>{at(recipient.lastSentAt, "Not sent yet")}</td>
                  <td>{at(recipient.firstOpenedAt, "Not opened")}</td>
                  <td>{at(recipient.lastOpenedAt, "—")}</td>
                  <td className="numeric">{recipient.openCount}</td>
                  <td>
                    <Button size="sm" variant="quiet" aria-label={`Remove ${recipient.email}`} onClick={() => void remove(recipient)}>
                      Remove
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </ScrollArea>
      )}
      <details className="replace">
        <summary>Replace the whole list</summary>
        <form
          aria-label="Replace the recipients"
          onSubmit={(event) => {
            event.preventDefault();
            change("set", parseRecipients(bulk));
          }}
        >
          <FormField label="Recipients, one a line" help="An e-mail address, optionally followed by a comma and a name. The list replaces the current one." error={lastAction === "set" ? emailErrors : []}>
            <TextArea rows={5} value={bulk} onChange={(event) => setBulk(event.target.value)} />
          </FormField>
          <Button type="submit" busy={state.busy && lastAction === "set"}>
            Replace the list
          </Button>
        </form>
      </details>
      {sent && report.recipients.length > 0 ? (
        <div className="notify">
          <Button
            disabled={chosen.size === 0}
            busy={state.busy && lastAction === "notify"}
            onClick={() => change("notify", report.recipients.filter((recipient) => chosen.has(recipient.email)).map((recipient) => ({ email: recipient.email, name: recipient.name })))}
          >
            Send the link again{chosen.size > 0 ? ` (${chosen.size})` : ""}
          </Button>
          <span className="muted">Chosen recipients get a new personal link; their old one stops working.</span>
        </div>
      ) : null}
    </Frame>
  );
}

/** "a@b.example, Ann" lines → recipients (blank lines left out). */
export function parseRecipients(text: string): { email: string; name: string }[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .map((line) => {
      const [email = "", ...name] = line.split(",");
      return { email: email.trim(), name: name.join(",").trim() };
    });
}

const at = (iso: string | null, none: string) => (iso ? <time dateTime={iso}>{dateTime(iso)}</time> : <span className="muted">{none}</span>);

const Frame = styled.div`
  display: grid;
  gap: ${SPACE.md};
  .add { display: grid; grid-template-columns: minmax(200px, 2fr) minmax(160px, 1fr) auto; gap: ${SPACE.sm}; align-items: end; }
  @media (max-width: 700px) { .add { grid-template-columns: 1fr; } }
  .muted { color: ${(p) => p.theme.textMuted}; }
  .replace summary { cursor: pointer; color: ${(p) => p.theme.textMuted}; }
  .replace form { display: grid; gap: ${SPACE.sm}; margin-top: ${SPACE.sm}; max-width: 560px; justify-items: start; }
  .replace form > div { justify-self: stretch; }
  .notify { display: flex; gap: ${SPACE.sm}; align-items: center; flex-wrap: wrap; }
`;

const Table = styled.table`
  width: 100%;
  min-width: 720px;
  border-collapse: collapse;
  th, td { text-align: left; padding: 8px 12px; border-bottom: 1px solid ${(p) => p.theme.border}; vertical-align: middle; }
  thead th { font-size: 13px; color: ${(p) => p.theme.textMuted}; font-weight: 500; }
  th[scope="row"] { font-weight: 400; display: grid; }
  .name { font-weight: 500; }
  .email { color: ${(p) => p.theme.textMuted}; font-size: 13px; }
  .numeric { text-align: right; font-variant-numeric: tabular-nums; }
`;
