import { Schema } from "@effect/schema";
import { filter, firstValueFrom, fromEvent, map, share, timeout, type Observable } from "rxjs";
import { EMBED_MESSAGE, EMBED_NAVIGATE, EMBED_READY, EMBED_THEME, EMBED_TOKEN_REQUEST, isInAppPath } from "../../contracts/portfolio";

const Theme = Schema.Literal("dark", "light", "auto");
const InAppPath = Schema.String.pipe(Schema.filter((path) => isInAppPath(path) || "must be a path of the app"));

/** What the parent window hands the frame: a one-minute embed token, its theme and, at first, where to land. */
export const EmbedOffer = Schema.Struct({
  type: Schema.Literal(EMBED_MESSAGE),
  token: Schema.String,
  theme: Schema.optionalWith(Theme, { default: () => "dark" as const }),
  path: Schema.optional(InAppPath),
});
export type EmbedOffer = typeof EmbedOffer.Type;

/** What else the parent may ask of a signed-in frame: show another screen, follow its theme. */
export const EmbedInstruction = Schema.Union(
  Schema.Struct({ type: Schema.Literal(EMBED_NAVIGATE), path: InAppPath }),
  Schema.Struct({ type: Schema.Literal(EMBED_THEME), theme: Theme }),
);
export type EmbedInstruction = typeof EmbedInstruction.Type;

export interface EmbedChannel {
  /** Offers from allowed origins only; anything else posted to the frame is ignored. */
  readonly offers$: Observable<EmbedOffer>;
  /** Navigation and theme instructions, from allowed origins only. */
  readonly instructions$: Observable<EmbedInstruction>;
  /** Asks the parent for a (new) token; the request carries nothing secret. */
  request(): void;
  /** Tells the parent the frame is signed in and shows `path`. */
  ready(path: string): void;
  /** The next offer, after asking for it. */
  nextOffer(timeoutMs?: number): Promise<EmbedOffer>;
}

const decodeOffer = Schema.decodeUnknownOption(EmbedOffer);
const decodeInstruction = Schema.decodeUnknownOption(EmbedInstruction);

/**
 * The frame's side of the embed protocol (contracts/portfolio.ts): tokens and instructions arrive
 * by postMessage from the parent window (never in a URL), only from the installation's allowed
 * origins.
 */
export function createEmbedChannel(frame: Window, allowedOrigins: readonly string[]): EmbedChannel {
  const fromParent$ = fromEvent<MessageEvent>(frame, "message").pipe(
    filter((message) => message.source === frame.parent && allowedOrigins.includes(message.origin)),
    map((message) => message.data as unknown),
    share(),
  );
  const offers$ = fromParent$.pipe(
    map((data) => decodeOffer(data)),
    filter((offer) => offer._tag === "Some"),
    map((offer) => offer.value),
  );
  const instructions$ = fromParent$.pipe(
    map((data) => decodeInstruction(data)),
    filter((instruction) => instruction._tag === "Some"),
    map((instruction) => instruction.value),
  );
  // Neither message carries anything secret: a path of the app at most.
  const request = () => frame.parent.postMessage({ type: EMBED_TOKEN_REQUEST }, "*");
  return {
    offers$,
    instructions$,
    request,
    ready: (path) => frame.parent.postMessage({ type: EMBED_READY, path }, "*"),
    nextOffer: (timeoutMs = 10_000) => {
      const next = firstValueFrom(offers$.pipe(timeout(timeoutMs)));
      request();
      return next;
    },
  };
}
