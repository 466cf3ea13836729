import { Schema } from "@effect/schema";
import { LINK_NOT_FOUND } from "../../../domain/investor-reporting/texts";
import { notFound } from "../../platform/http/errors";
import { publicRoute } from "../../platform/http/route";
import { sharedReadersOf } from "./report-repository";
import { parseLinkToken, secretMatches } from "./personal-links";

/**
 * A recipient's personal link (personal-links.ts): records who opened the report and when, then
 * leads to the report's page (which asks for a sign-in as every page does). A link that is not
 * valid, or was replaced by a later sending, answers 404 and records nothing.
 */
const LinkParams = Schema.Struct({ token: Schema.String.pipe(Schema.filter((text) => (text.length >= 10 && text.length <= 300) || LINK_NOT_FOUND)) });

export const reportLinkRoutes = [
  publicRoute({
    method: "GET",
    path: "/investor-reporting/links/{token}/",
    summary: "A recipient's personal link: records the opening (first, last, count) and redirects to the report",
    description: "Public: the token in the path is the credential, scoped to one recipient of one report and good for this only. A token that is not valid or was replaced answers 404.",
    params: LinkParams,
    response: { mediaType: "text/html", description: "A redirect (302) to the report's page" },
    handle: async ({ params, services, reply }) => {
      const subject = parseLinkToken(params.token);
      if (!subject) throw notFound(LINK_NOT_FOUND);
      const reportId = await services.withTenant(subject.tenantId, { kind: "system", name: "report-link" }, async (context) => {
        const recipient = await context.db.selectFrom("investor_report_recipients").select(["id", "report_id", "link_hash"]).where("id", "=", subject.recipientId).executeTakeFirst();
        if (!recipient || !secretMatches(subject.secret, recipient.link_hash)) return null;
        const now = new Date();
        await context.db
          .updateTable("investor_report_recipients")
          .set((eb) => ({ first_opened_at: eb.fn.coalesce("first_opened_at", eb.val(now)), last_opened_at: now, open_count: eb("open_count", "+", 1) }))
          .where("id", "=", recipient.id)
          .execute();
        await context.appendEvent({ type: "ReportOpened", payload: { reportId: recipient.report_id, recipientId: recipient.id, openedAt: now.toISOString(), readers: await sharedReadersOf(context, recipient.report_id) } });
        return recipient.report_id;
      });
      if (reportId === null) throw notFound(LINK_NOT_FOUND);
      return reply.redirect(`${services.config.publicUrl}/investor-reporting/${reportId}`, 302);
    },
  }),
];
