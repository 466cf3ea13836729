import { Schema } from "@effect/schema";
import { BehaviorSubject, catchError, concat, merge, of, Subject, type Observable, type Subscription } from "rxjs";
import { Command, DomainEvent, versionOf, type CommandTag } from "../../contracts/messages";
import type { CommandEnvelope, EventEnvelope, EventOrigin } from "../../contracts/messages/envelopes";
import { EpicFailed } from "../../contracts/messages/session";
import type { Store } from "./store";

/** What an epic emits: an event, and the command that caused it (if any). */
export interface Emitted {
  readonly event: DomainEvent;
  readonly commandId?: string | undefined;
  /** "remote" for events an epic relays from the server's stream. */
  readonly origin?: "remote";
}

/** The streams an epic reads: commands, and events (to react to what happened elsewhere). */
export interface EpicStreams<S> {
  readonly command$: Observable<CommandEnvelope<Command>>;
  readonly event$: Observable<EventEnvelope<DomainEvent>>;
  readonly state$: BehaviorSubject<S>;
}

/** Effects live here and nowhere else: `(streams, deps) => events`. */
export type Epic<S, D> = (streams: EpicStreams<S>, deps: D) => Observable<Emitted>;

export interface BusClock {
  now(): Date;
}

export interface BusOptions<S, D> {
  readonly store: Store<S>;
  readonly epics: Readonly<Record<string, Epic<S, D>>>;
  readonly deps: D;
  readonly clock: BusClock;
  readonly newId: () => string;
  /** Observers of everything that passes (the recorder); called after the fold. */
  readonly onCommand?: (envelope: CommandEnvelope<Command>) => void;
  readonly onEvent?: (envelope: EventEnvelope<DomainEvent>, state: S) => void;
  /** Where unexpected epic failures are reported besides the EpicFailed event. */
  readonly onEpicError?: (epic: string, error: unknown) => void;
}

export interface Bus<S> {
  /** Validates a command, wraps it in its envelope and hands it to the epics. Returns the envelope. */
  dispatch(command: Command, cause?: { correlationId: string }): CommandEnvelope<Command>;
  /**
   * Folds an event that did not come from an epic: the server's stream, a replayed log, or what
   * the view layer itself observed (a chunk that failed to load).
   */
  receive(event: DomainEvent, origin: EventOrigin, occurredAt?: string): EventEnvelope<DomainEvent>;
  readonly event$: Observable<EventEnvelope<DomainEvent>>;
  readonly store: Store<S>;
  stop(): void;
}

export class InvalidCommand extends Error {}

const decodeCommand = Schema.decodeUnknownEither(Command);

export function createBus<S, D>(options: BusOptions<S, D>): Bus<S> {
  const { store, clock, newId } = options;
  const command$ = new Subject<CommandEnvelope<Command>>();
  const event$ = new Subject<EventEnvelope<DomainEvent>>();
  const state$ = new BehaviorSubject<S>(store.getState());
  let seq = 0;

  const fold = (event: DomainEvent, origin: EventOrigin, commandId?: string, occurredAt?: string) => {
    const envelope: EventEnvelope<DomainEvent> = {
      seq: ++seq,
      type: event._tag,
      version: versionOf(event._tag),
      payload: event,
      ...(commandId ? { commandId } : {}),
      occurredAt: occurredAt ?? clock.now().toISOString(),
      origin,
    };
    const state = store.fold(envelope);
    options.onEvent?.(envelope, state);
    state$.next(state);
    event$.next(envelope);
    return envelope;
  };

  const streams: EpicStreams<S> = { command$: command$.asObservable(), event$: event$.asObservable(), state$ };
  // Each epic is guarded on its own: an unexpected error becomes an EpicFailed event and the
  // epic is subscribed again, so one broken feature never stops the bus.
  const guarded = Object.entries(options.epics).map(([name, epic]) => {
    const run = (): Observable<Emitted> =>
      epic(streams, options.deps).pipe(
        catchError((error: unknown) => {
          options.onEpicError?.(name, error);
          const message = error instanceof Error ? error.message : String(error);
          return concat(of<Emitted>({ event: EpicFailed.make({ epic: name, message }) }), run());
        }),
      );
    return run();
  });
  const subscription: Subscription = merge(...guarded).subscribe(({ event, commandId, origin }) => fold(event, origin ?? "local", commandId));

  return {
    dispatch(command, cause) {
      const decoded = decodeCommand(command);
      if (decoded._tag === "Left") throw new InvalidCommand(`Invalid command ${(command as { _tag?: string })._tag}: ${decoded.left.message}`);
      const commandId = newId();
      const envelope: CommandEnvelope<Command> = {
        command: decoded.right,
        commandId,
        issuedAt: clock.now().toISOString(),
        correlationId: cause?.correlationId ?? commandId,
      };
      options.onCommand?.(envelope);
      command$.next(envelope);
      return envelope;
    },
    receive: (event, origin, occurredAt) => fold(event, origin, undefined, occurredAt),
    event$: event$.asObservable(),
    store,
    stop: () => subscription.unsubscribe(),
  };
}

export type { CommandTag };
