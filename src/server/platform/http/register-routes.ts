import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppServices } from "../../services";
import type { PrintResource } from "../../../contracts/print";
import { authenticateWith, INVALID_TOKEN } from "../auth/authenticate";
import { permissionsOf } from "../auth/permissions";
import { originTabOf } from "./origin-tab";
import { decodeInput, decodeParams, decodeQuery } from "./decode";
import type { TenantContext } from "../../db/tenancy";
import { badRequest, forbidden, HttpError, notFound, unauthorized } from "./errors";
import { FEATURE_OFF, type PublicCall, type Reader, type RouteDefinition, type Upload, type UploadedFile, type UserAccess, type UserCall } from "./route";

export const uploadTooLarge = (maxBytes: number) => `The file you are trying to upload exceeds the maximum allowed size of ${Math.round((maxBytes / 1024 / 1024) * 10) / 10} MB.`;

/** /auth/users/{id}/ → /auth/users/:id/ */
export const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ":$1");

/**
 * Wires declared routes into a Fastify root. Each request: authorize (401/403), decode path,
 * query and body with their contracts (400/404), run the handler, answer with the declared
 * status. Nothing else registers API routes.
 */
export async function registerRoutes(app: FastifyInstance, routes: readonly RouteDefinition[], services: AppServices) {
  const uploads = routes.flatMap((route) => (route.upload ? [route.upload] : []));
  if (uploads.length > 0) {
    await app.register(multipart, { limits: { fileSize: Math.max(...uploads.map((upload) => upload.maxBytes)), files: 1, fields: 5, parts: 10 } });
  }
  for (const route of routes) {
    app.route({
      method: route.method,
      url: fastifyPath(route.path),
      ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}),
      handler: async (request, reply) => {
        const caller = route.access.kind === "user" ? await authorize(request, services, route.access, route.print !== undefined) : null;
        const params = route.params ? decodeParams(route.params, request.params) : undefined;
        if (caller?.user.printing) checkPrintScope(route, caller.user.printing, params);
        const inputs = {
          params,
          query: route.query ? decodeQuery(route.query, request.query) : undefined,
          body: route.upload ? await readUpload(request, route.upload) : route.body ? decodeInput(route.body, request.body) : undefined,
        };
        const base: PublicCall<unknown, unknown, unknown> = { ...inputs, request, reply, services };
        const call: PublicCall<unknown, unknown, unknown> | UserCall<unknown, unknown, unknown> = caller
          ? {
              ...base,
              user: caller.user,
              reader: caller.reader,
              inTenant: (work) => services.withTenant(caller.user.tenantId, { kind: "user", userId: caller.user.userId, tab: originTabOf(request) }, work),
            }
          : base;
        const result = await route.handle(call);
        return answer(reply, result, route.status ?? 200);
      },
    });
  }
}

function answer(reply: FastifyReply, result: unknown, status: number) {
  if (reply.sent || result === reply) return reply;
  if (status === 204 || result === undefined) return reply.status(status).send();
  return reply.status(status).send(result);
}

/** The access token's user, still active and not signed out, holding one of the route's permissions. */
async function authorize(request: FastifyRequest, services: AppServices, access: UserAccess, acceptPrintToken: boolean): Promise<{ user: UserCall<unknown, unknown, unknown>["user"]; reader: Reader }> {
  const { user, extra: reader } = await authenticateWith(
    request,
    services.signer,
    services.withTenant,
    { allowPendingSecondFactorSetup: access.duringSecondFactorSetup, acceptPrintToken },
    async (context, userId) => ({ ...(await permissionsOf(context, userId)), featureOn: access.feature ? await featureEnabled(context, access.feature) : true }),
  );
  if (!reader.featureOn) throw forbidden(FEATURE_OFF);
  const allowed = access.anyOf.length === 0 || reader.isStaff || access.anyOf.some((permission) => reader.permissions.has(permission));
  if (!allowed) throw forbidden(access.deniedDetail);
  return { user, reader };
}

/**
 * A print token reads only what its route declares: a route scoped to a resource kind answers
 * a token printing another record (or another kind) 404, as an id out of reach does.
 */
function checkPrintScope(route: RouteDefinition, printing: PrintResource, params: unknown) {
  const print = route.print;
  if (!print) throw unauthorized(INVALID_TOKEN);
  if (print.scope === "any") return;
  const id = (params as Record<string, unknown> | undefined)?.[print.param];
  if (printing.kind !== print.scope || printing.id !== id) throw notFound();
}

/** The caller's company has `feature` switched on in its profile features (spec section 6). */
async function featureEnabled({ db }: TenantContext, feature: string): Promise<boolean> {
  const tenant = await db.selectFrom("tenants").select("features").executeTakeFirst();
  return tenant?.features?.[feature] === true;
}

/** The one file of a multipart request, within the declared size; anything else is a 400 or 413. */
async function readUpload(request: FastifyRequest, upload: Upload): Promise<UploadedFile> {
  if (!request.isMultipart()) throw badRequest({ [upload.field]: ["Upload the file as multipart/form-data."] });
  const part = await request.file({ limits: { fileSize: upload.maxBytes, files: 1 } }).catch(() => {
    throw badRequest({ [upload.field]: ["The upload could not be read."] });
  });
  if (!part || part.fieldname !== upload.field) throw badRequest({ [upload.field]: ["No file was submitted."] });
  const bytes = await part.toBuffer().catch((error: { statusCode?: number; code?: string }) => {
    if (error.statusCode === 413 || error.code === "FST_REQ_FILE_TOO_LARGE") throw new HttpError(413, { [upload.field]: [upload.tooLarge ?? uploadTooLarge(upload.maxBytes)] });
    throw badRequest({ [upload.field]: ["The upload could not be read."] });
  });
  if (bytes.length === 0) throw badRequest({ [upload.field]: ["The file is empty."] });
  return { filename: part.filename, mediaType: part.mimetype, bytes };
}
