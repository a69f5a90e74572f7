// A local stand-in for an OpenAI-compatible chat-completions service (POST /v1/chat/completions
// with stream: true), as DeepSeek, Qwen (DashScope compatible mode), Moonshot or a local Ollama
// answer it: `data: {json}` events with choices[0].delta.content, a role-only first delta, a
// keep-alive comment, and `data: [DONE]`. It checks the bearer key and the request's shape, sends
// its chunks with a pause between them, and records every request — including whether the client
// went away before the answer ended (the request was aborted).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeChatRequest {
  authorization: string | undefined;
  body: { model?: string; stream?: boolean; messages?: { role: string; content: string }[] };
  /** The client closed the connection before the last chunk. */
  aborted: boolean;
  /** Chunks written before the end or the abort. */
  sent: number;
}

export interface FakeChatOptions {
  apiKey: string;
  /** The answer, sent in these chunks. */
  chunks: string[];
  /** Pause between chunks. */
  delayMs: number;
  /** Answer this HTTP status with an error body instead of a stream. */
  failWith?: number;
}

export interface FakeChatServer {
  baseUrl: string;
  requests: FakeChatRequest[];
  options: FakeChatOptions;
  /** Resolves when the `index`th request (0-based) has ended, answered or aborted. */
  settled(index: number): Promise<FakeChatRequest>;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of req) {
    parts.push(part as Buffer);
  }
  return Buffer.concat(parts).toString('utf8');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startFakeChatServer(options: FakeChatOptions): Promise<FakeChatServer> {
  const requests: FakeChatRequest[] = [];
  const endings: { promise: Promise<FakeChatRequest>; resolve: (r: FakeChatRequest) => void }[] = [];
  const ending = (index: number) => {
    while (endings.length <= index) {
      let resolve: (r: FakeChatRequest) => void = () => undefined;
      const promise = new Promise<FakeChatRequest>((r) => (resolve = r));
      endings.push({ promise, resolve });
    }
    return endings[index] as (typeof endings)[number];
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'not found' } }));
      return;
    }
    const record: FakeChatRequest = { authorization: req.headers.authorization, body: {}, aborted: false, sent: 0 };
    requests.push(record);
    const { resolve } = ending(requests.length - 1);
    const done = () => resolve(record);
    try {
      record.body = JSON.parse(await readBody(req)) as FakeChatRequest['body'];
    } catch {
      res.writeHead(400).end();
      done();
      return;
    }
    if (req.headers.authorization !== `Bearer ${options.apiKey}`) {
      res
        .writeHead(401, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } }));
      done();
      return;
    }
    if (options.failWith !== undefined) {
      res
        .writeHead(options.failWith, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'overloaded' } }));
      done();
      return;
    }
    if (record.body.stream !== true || !Array.isArray(record.body.messages) || typeof record.body.model !== 'string') {
      res
        .writeHead(400, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'bad request' } }));
      done();
      return;
    }
    res.on('close', () => {
      if (!res.writableFinished) {
        record.aborted = true;
      }
    });
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const frame = (content: string | null, role?: string) =>
      `data: ${JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', model: record.body.model, choices: [{ index: 0, delta: { ...(role && { role }), ...(content !== null && { content }) }, finish_reason: null }] })}\n\n`;
    res.write(frame(null, 'assistant'));
    res.write(': keep-alive\n\n');
    for (const chunk of options.chunks) {
      await sleep(options.delayMs);
      if (record.aborted || res.destroyed) {
        break;
      }
      res.write(frame(chunk));
      record.sent += 1;
    }
    if (!record.aborted) {
      res.write(
        `data: ${JSON.stringify({ id: 'chatcmpl-fake', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`,
      );
      res.end('data: [DONE]\n\n');
    }
    done();
  }

  const server: Server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    options,
    settled: (index) => ending(index).promise,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
