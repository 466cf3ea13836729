import type { Schema } from "@effect/schema";
import { BehaviorSubject, catchError, concat, of, Subject, Subscription, type Observable } from "rxjs";
import type { Command, CommandTag, DomainEvent } from "../../contracts/messages";
import type { CommandEnvelope, EventEnvelope, EventOrigin } from "../../contracts/messages/envelopes";
import { EpicFailed } from "../../contracts/messages/session";
import { versionOf } from "../../contracts/messages/versions";
import type { MessageCatalogue } from "./catalogue";
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

/**
 * A feature as the bus sees it: its message schemas (its commands, and the events its epics
 * emit) and its epics. The core features are there from the start; the others register when
 * their chunk loads.
 */
export interface Feature<S, D> {
  readonly name: string;
  readonly messages: readonly Schema.Schema.Any[];
  readonly epics: Readonly<Record<string, Epic<S, D>>>;
}

export interface BusClock {
  now(): Date;
}

export interface BusOptions<S, D> {
  readonly store: Store<S>;
  /** The message schemas dispatch validates against; registered features add theirs. */
  readonly messages: MessageCatalogue;
  readonly features: readonly Feature<S, D>[];
  /** Replay mode folds recorded events only: features add their schemas but run no epic. */
  readonly runEpics?: boolean;
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
  /** Adds a feature's message schemas and starts its epics; a feature registers once. */
  register(feature: Feature<S, any>): void;
  readonly event$: Observable<EventEnvelope<DomainEvent>>;
  readonly store: Store<S>;
  stop(): void;
}

export class InvalidCommand extends Error {}

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
  const subscription = new Subscription();
  // Each epic is guarded on its own: an unexpected error becomes an EpicFailed event and the
  // epic is subscribed again, so one broken feature never stops the bus.
  const start = (name: string, epic: Epic<S, D>) => {
    const run = (): Observable<Emitted> =>
      epic(streams, options.deps).pipe(
        catchError((error: unknown) => {
          options.onEpicError?.(name, error);
          const message = error instanceof Error ? error.message : String(error);
          return concat(of<Emitted>({ event: EpicFailed.make({ epic: name, message }) }), run());
        }),
      );
    subscription.add(run().subscribe(({ event, commandId, origin }) => fold(event, origin ?? "local", commandId)));
  };
  const registered = new Set<string>();
  const register = (feature: Feature<S, D>) => {
    if (registered.has(feature.name)) return;
    registered.add(feature.name);
    options.messages.add(feature.messages);
    if (options.runEpics === false) return;
    for (const [name, epic] of Object.entries(feature.epics)) start(name, epic);
  };
  for (const feature of options.features) register(feature);

  return {
    dispatch(command, cause) {
      const decoded = options.messages.decodeCommand(command);
      if (!decoded.ok) throw new InvalidCommand(`Invalid command ${(command as { _tag?: string })._tag}: ${decoded.message}`);
      const commandId = newId();
      const envelope: CommandEnvelope<Command> = {
        command: decoded.command,
        commandId,
        issuedAt: clock.now().toISOString(),
        correlationId: cause?.correlationId ?? commandId,
      };
      options.onCommand?.(envelope);
      command$.next(envelope);
      return envelope;
    },
    receive: (event, origin, occurredAt) => fold(event, origin, undefined, occurredAt),
    // A feature's epics are written against the app's deps, the ones this bus was made with.
    register: (feature) => register(feature as Feature<S, D>),
    event$: event$.asObservable(),
    store,
    stop: () => subscription.unsubscribe(),
  };
}

export type { CommandTag };
