import type { MentionReport } from "../model";
import { Alert } from "../../../ui/alert";

const REASON = { unknown: "no active person of your company has this address", may_not_read: "may not read this KPI, so they were not told" } as const;

/** What the person's comment did with its mentions: who was told, and who was not and why. */
export function MentionReportNote({ report }: { report: MentionReport }) {
  if (report.notified.length === 0 && report.unnotified.length === 0) return null;
  return (
    <>
      {report.notified.length > 0 ? <Alert tone="success">Told {names(report.notified.map((person) => person.name))}: in their notifications and by e-mail.</Alert> : null}
      {report.unnotified.length > 0 ? (
        <Alert tone="warning" title="Not everyone you mentioned was told">
          <ul>
            {report.unnotified.map((mention) => (
              <li key={mention.address}>
                {mention.address}: {REASON[mention.reason]}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
    </>
  );
}

const names = (list: readonly string[]) => (list.length <= 1 ? list.join("") : `${list.slice(0, -1).join(", ")} and ${list[list.length - 1]}`);
