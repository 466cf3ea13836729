import { Cause, Effect, Fiber } from "effect";
import { Observable } from "rxjs";

/**
 * Runs an Effect as an Observable for epics: one value, then completion. Unsubscribing (a
 * switchMap superseding a load) interrupts the fiber, which aborts its fetch: nothing is emitted.
 * Give it an Effect that cannot fail: epics turn failures into events before this point; a
 * defect still reaches the subscriber as an error (and the bus turns it into EpicFailed).
 */
export function fromEffect<A>(effect: Effect.Effect<A, never>): Observable<A> {
  return new Observable<A>((subscriber) => {
    const fiber = Effect.runFork(effect);
    let finished = false;
    fiber.addObserver((exit) => {
      finished = true;
      if (exit._tag === "Success") {
        subscriber.next(exit.value);
        subscriber.complete();
      } else if (!Cause.isInterruptedOnly(exit.cause)) {
        subscriber.error(new Error(Cause.pretty(exit.cause)));
      }
    });
    return () => {
      if (!finished) Effect.runFork(Fiber.interrupt(fiber));
    };
  });
}

/** An API call as one event either way: what epics emit for a request's outcome. */
export function outcome$<A, E, Event>(effect: Effect.Effect<A, E>, onSuccess: (value: A) => Event, onFailure: (error: E) => Event): Observable<Event> {
  return fromEffect(effect.pipe(Effect.match({ onSuccess, onFailure })));
}
