import { Effect, Either } from "effect";
import { distinctUntilChanged, EMPTY, exhaustMap, filter, map, mergeMap, of, switchMap, timer, type Observable } from "rxjs";
import { SessionExtended, ThemeChanged } from "../../../contracts/messages/session";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Emitted, Epic } from "../../bus/bus";
import { fromEffect } from "../../effect/observable";

/**
 * A frame renews its session this long before it ends: before the logout warning (2 minutes) would
 * open, so a frame the investor is not looking at never warns or signs itself out.
 */
export const EMBED_RENEW_BEFORE_MS = 3 * 60_000;

/**
 * A portfolio company's frame follows its parent (the investor instance): another screen of the
 * company (a report the investor opened), and the parent's theme when it changes. Only in a frame;
 * elsewhere there is no parent to follow. Each navigation is reported back (EMBED_READY).
 */
export const followEmbedParent: Epic<AppState, EpicDeps> = (_streams, deps): Observable<Emitted> => {
  const embed = deps.embed;
  if (!embed) return EMPTY;
  return embed.instructions$.pipe(
    mergeMap((instruction): Observable<Emitted> => {
      if (instruction.type === "meridian:embed-theme") return of(instruction.theme).pipe(map((theme) => ({ event: ThemeChanged.make({ theme }) })));
      deps.navigate(instruction.path);
      embed.ready(instruction.path);
      return EMPTY;
    }),
  );
};

/**
 * A frame's session is as long as its parent's: it has no refresh cookie and lives five minutes,
 * so shortly before it ends the frame asks its parent for a new token (the API's renewal, which in
 * a frame asks the parent). When the parent refuses (signed out, company no longer authorized),
 * the renewal fails and the frame's session ends.
 */
export const keepEmbedSession: Epic<AppState, EpicDeps> = ({ state$ }, deps): Observable<Emitted> => {
  if (!deps.embed) return EMPTY;
  return state$.pipe(
    map((state) => state.session.refreshExpiresAt),
    distinctUntilChanged(),
    filter((expiresAt): expiresAt is string => expiresAt !== null),
    switchMap((expiresAt) =>
      timer(Math.max(0, Date.parse(expiresAt) - deps.clock.now().getTime() - EMBED_RENEW_BEFORE_MS)).pipe(
        exhaustMap(() => fromEffect(Effect.either(deps.api.refresh(deps.tokens.current()?.access ?? null)))),
        mergeMap((result): Observable<Emitted> => (Either.isRight(result) ? of({ event: SessionExtended.make({ refreshExpiresAt: new Date(result.right.refreshExpiresAt).toISOString() }) }) : EMPTY)),
      ),
    ),
  );
};
