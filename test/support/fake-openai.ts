import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * An OpenAI-compatible chat-completions server, in process on 127.0.0.1, that follows a script:
 * each POST /v1/chat/completions takes the script's next turn (tool calls, a streamed answer or
 * a failure) and answers it as the real API does (server-sent chunks ending with [DONE], usage in
 * a last chunk when stream_options.include_usage asks). It records every request it got, so a
 * test sees exactly what was sent, tool results included. A real HTTP exchange with the openai
 * client, not a mock of it.
 */
export type ScriptedTurn =
  /** The model asks for these tool calls (arguments as JSON text or an object). */
  | { readonly toolCalls: readonly { readonly name: string; readonly arguments: string | object }[]; readonly usage?: Usage }
  /** The model answers with this text, streamed in these pieces. */
  | { readonly answer: readonly string[]; readonly usage?: Usage | null }
  /** The endpoint fails with this HTTP status (the client retries 5xx and 429). */
  | { readonly fail: number };

export interface Usage {
  readonly prompt: number;
  readonly completion: number;
}

export interface RecordedRequest {
  readonly path: string;
  readonly authorization: string | undefined;
  readonly body: any;
}

export interface FakeOpenAi {
  /** The base URL to configure (…/v1). */
  readonly baseUrl: string;
  readonly requests: RecordedRequest[];
  /** Replaces what is left of the script. */
  script(turns: readonly ScriptedTurn[]): void;
  /** Turns not yet used. */
  remaining(): number;
  close(): Promise<void>;
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  let turns: ScriptedTurn[] = [];
  const requests: RecordedRequest[] = [];
  let served = 0;

  const server: Server = createServer(async (request, response) => {
    const body = await readJson(request);
    requests.push({ path: request.url ?? "", authorization: request.headers.authorization, body });
    if (request.method !== "POST" || !request.url?.endsWith("/chat/completions")) {
      response.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "not found" } }));
      return;
    }
    const turn = turns.shift();
    if (!turn) {
      response.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "the script has no more turns" } }));
      return;
    }
    if ("fail" in turn) {
      response.writeHead(turn.fail, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: `scripted failure ${turn.fail}`, type: "server_error" } }));
      return;
    }
    served += 1;
    const id = `chatcmpl-fake-${served}`;
    const model = typeof body?.model === "string" ? body.model : "fake";
    const chunk = (delta: object, finish: string | null = null) => ({ id, object: "chat.completion.chunk", created: 1_700_000_000, model, choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }] });
    if (body?.stream !== true) {
      response.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "the fake only streams" } }));
      return;
    }
    response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    const send = (data: object | string) => response.write(`data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`);
    send(chunk({ role: "assistant", content: "" }));
    if ("toolCalls" in turn) {
      turn.toolCalls.forEach((call, index) => {
        const text = typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments);
        const half = Math.ceil(text.length / 2);
        // Arguments arrive in fragments, as real endpoints send them.
        send(chunk({ tool_calls: [{ index, id: `call_${served}_${index}`, type: "function", function: { name: call.name, arguments: text.slice(0, half) } }] }));
        send(chunk({ tool_calls: [{ index, function: { arguments: text.slice(half) } }] }));
      });
      send(chunk({}, "tool_calls"));
    } else {
      for (const piece of turn.answer) {
        send(chunk({ content: piece }));
        await new Promise((resolve) => setImmediate(resolve));
      }
      send(chunk({}, "stop"));
    }
    const usage = turn.usage === undefined ? { prompt: 100, completion: 20 } : turn.usage;
    if (usage && body?.stream_options?.include_usage) {
      send({ id, object: "chat.completion.chunk", created: 1_700_000_000, model, choices: [], usage: { prompt_tokens: usage.prompt, completion_tokens: usage.completion, total_tokens: usage.prompt + usage.completion } });
    }
    send("[DONE]");
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (next) => {
      turns = [...next];
    },
    remaining: () => turns.length,
    close: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

async function readJson(request: IncomingMessage): Promise<any> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
