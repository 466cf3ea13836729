import type { Person, UnnotifiedMention } from "../../../contracts/collaboration";
import { mentionedAddresses } from "../../../domain/collaboration/mentions";
import type { TenantContext } from "../../db/tenancy";
import type { Mailer } from "../../platform/mail/mailer";
import { notifyUser } from "../../platform/notifications/notify-user";
import { activeUsers, personName } from "../../platform/people";
import type { KpiRow } from "../kpis/kpi-repository";
import { readersOfLevel } from "./collaboration-access";

export interface MentionOutcome {
  readonly notified: Person[];
  readonly unnotified: UnnotifiedMention[];
}

/**
 * Tells each person a comment mentions, once per comment: in their inbox (live) and by mail. Only
 * active people of the company who may read the KPI are told; anyone else mentioned learns
 * nothing, not even the KPI's name, and the writer is told who was not notified and why. The
 * writer mentioning themself is no news to them. `before`: the text before an edit, whose
 * mentions were told already.
 */
export async function notifyMentions(
  context: TenantContext,
  mailer: Mailer,
  mention: { kpi: KpiRow; text: string; before?: string; writerId: number; link: string; publicUrl: string },
): Promise<MentionOutcome> {
  const already = new Set(mention.before === undefined ? [] : mentionedAddresses(mention.before));
  const addresses = mentionedAddresses(mention.text).filter((address) => !already.has(address));
  if (addresses.length === 0) return { notified: [], unnotified: [] };
  const users = await activeUsers(context);
  const byAddress = new Map(users.map((user) => [user.email.toLowerCase(), user]));
  const readers = await readersOfLevel(context, mention.kpi.effective_sensitivity);
  const writer = users.find((user) => user.id === mention.writerId);
  const writerName = writer ? personName(writer) : "Someone";
  const notified: Person[] = [];
  const unnotified: UnnotifiedMention[] = [];
  for (const address of addresses) {
    const user = byAddress.get(address);
    if (!user) unnotified.push({ address, reason: "unknown" });
    else if (!readers.has(user.id)) unnotified.push({ address, reason: "may_not_read" });
    else if (user.id !== mention.writerId) {
      const title = `${writerName} mentioned you on ${mention.kpi.name}`;
      const excerpt = mention.text.length > 280 ? `${mention.text.slice(0, 279)}…` : mention.text;
      await notifyUser(context, { userId: user.id, kind: "mention", title, body: excerpt, link: mention.link });
      await mailer.send(context, { to: user.email, subject: title, text: `${writerName} wrote on ${mention.kpi.name}:\n\n${mention.text}\n\nOpen the discussion: ${mention.publicUrl}${mention.link}\n` });
      notified.push({ id: user.id, name: personName(user) });
    }
  }
  return { notified, unnotified };
}
