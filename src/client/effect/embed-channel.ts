import { Schema } from "@effect/schema";
import { filter, firstValueFrom, fromEvent, map, timeout, type Observable } from "rxjs";
import { EMBED_MESSAGE, EMBED_TOKEN_REQUEST } from "../../contracts/portfolio";

/** What the parent window hands the frame: a one-minute embed token and its theme. */
export const EmbedOffer = Schema.Struct({
  type: Schema.Literal(EMBED_MESSAGE),
  token: Schema.String,
  theme: Schema.optionalWith(Schema.Literal("dark", "light", "auto"), { default: () => "dark" as const }),
});
export type EmbedOffer = typeof EmbedOffer.Type;

export interface EmbedChannel {
  /** Offers from allowed origins only; anything else posted to the frame is ignored. */
  readonly offers$: Observable<EmbedOffer>;
  /** Asks the parent for a (new) token; the request carries nothing secret. */
  request(): void;
  /** The next offer, after asking for it. */
  nextOffer(timeoutMs?: number): Promise<EmbedOffer>;
}

const decodeOffer = Schema.decodeUnknownOption(EmbedOffer);

/**
 * The frame's side of the embed protocol: tokens arrive by postMessage from the parent window
 * (never in a URL), only from the installation's allowed origins.
 */
export function createEmbedChannel(frame: Window, allowedOrigins: readonly string[]): EmbedChannel {
  const offers$ = fromEvent<MessageEvent>(frame, "message").pipe(
    filter((message) => message.source === frame.parent && allowedOrigins.includes(message.origin)),
    map((message) => decodeOffer(message.data)),
    filter((offer) => offer._tag === "Some"),
    map((offer) => offer.value),
  );
  const request = () => frame.parent.postMessage({ type: EMBED_TOKEN_REQUEST }, "*");
  return {
    offers$,
    request,
    nextOffer: (timeoutMs = 10_000) => {
      const next = firstValueFrom(offers$.pipe(timeout(timeoutMs)));
      request();
      return next;
    },
  };
}
