import { Schema } from "@effect/schema";
import { filter, fromEvent, map, NEVER, share, type Observable } from "rxjs";
import { EMBED_READY, EMBED_TOKEN_REQUEST } from "../../../contracts/portfolio";

/** What a company's frame tells its parent: it needs a token, or it is signed in and shows `path`. */
const FrameMessage = Schema.Union(Schema.Struct({ type: Schema.Literal(EMBED_TOKEN_REQUEST) }), Schema.Struct({ type: Schema.Literal(EMBED_READY), path: Schema.String.pipe(Schema.maxLength(200)) }));
export type FrameMessage = typeof FrameMessage.Type;
const decodeFrameMessage = Schema.decodeUnknownOption(FrameMessage);

/**
 * The parent's side of the embed protocol (contracts/portfolio.ts): the company frames the view
 * shows, the messages they send (only from the frame's own window and origin) and posting to them
 * (only to the frame's origin, so a frame that went elsewhere never receives a token).
 */
export interface FramePort {
  readonly incoming$: Observable<{ readonly instanceId: number; readonly message: FrameMessage }>;
  /** False when the company has no frame (yet). */
  post(instanceId: number, message: object): boolean;
  postAll(message: object): void;
}

export interface BrowserFramePort extends FramePort {
  /** The view attaches a company's frame while it is shown; the returned function detaches it. */
  attach(instanceId: number, frame: HTMLIFrameElement, origin: string): () => void;
}

export function createFramePort(parent: Window | null): BrowserFramePort {
  const frames = new Map<number, { frame: HTMLIFrameElement; origin: string }>();
  const incoming$ = (parent ? fromEvent<MessageEvent>(parent, "message") : NEVER).pipe(
    map((message) => {
      for (const [instanceId, entry] of frames) {
        if (message.source !== null && message.source === entry.frame.contentWindow && message.origin === entry.origin) {
          const decoded = decodeFrameMessage(message.data);
          return decoded._tag === "Some" ? { instanceId, message: decoded.value } : null;
        }
      }
      return null;
    }),
    filter((received) => received !== null),
    share(),
  );
  const post = (instanceId: number, message: object) => {
    const entry = frames.get(instanceId);
    const target = entry?.frame.contentWindow;
    if (!entry || !target) return false;
    target.postMessage(message, entry.origin);
    return true;
  };
  return {
    incoming$,
    post,
    postAll: (message) => {
      for (const instanceId of frames.keys()) post(instanceId, message);
    },
    attach: (instanceId, frame, origin) => {
      frames.set(instanceId, { frame, origin });
      return () => {
        if (frames.get(instanceId)?.frame === frame) frames.delete(instanceId);
      };
    },
  };
}

/** The browser's one port (the view attaches frames to it; the epics read and post through it); without a window (Node), a port no frame ever speaks to. */
let browserPort: BrowserFramePort | null = null;
export const browserFramePort = (): BrowserFramePort => (browserPort ??= createFramePort(typeof window === "undefined" ? null : window));
