// A real WebSocket to the chat (the API's /consult/v1/chatSocket), keeping every frame it received,
// for the chat's integration tests.

/** A frame the chat's socket sent. */
export interface ChatFrame {
  type: string;
  clientId?: string | null;
  code?: number;
  errMsg?: string;
  duplicate?: boolean;
  message?: { id: string; clientId: string; from: string; time: number; payload: { type: string; text?: string } };
}

/** Opens the chat socket at `baseUrl` (the API's `/api` URL) with a querySig `sig`. */
export async function connectChat(baseUrl: string, sig: string) {
  const url = `${baseUrl.replace(/^http/, 'ws')}/consult/v1/chatSocket?sig=${encodeURIComponent(sig)}`;
  const socket = new WebSocket(url);
  const frames: ChatFrame[] = [];
  const waiting: { test: (f: ChatFrame) => boolean; resolve: (f: ChatFrame) => void }[] = [];
  socket.addEventListener('message', (event) => {
    const frame = JSON.parse(String(event.data)) as ChatFrame;
    frames.push(frame);
    for (const w of waiting.filter((x) => x.test(frame))) {
      waiting.splice(waiting.indexOf(w), 1);
      w.resolve(frame);
    }
  });
  const closed = new Promise<number>((resolve) => socket.addEventListener('close', (event) => resolve(event.code)));
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve());
    socket.addEventListener('error', () => reject(new Error('socket error')));
  });
  return {
    socket,
    frames,
    closed,
    /** The first frame (already received or next) that passes `test`. */
    next: (test: (f: ChatFrame) => boolean) =>
      new Promise<ChatFrame>((resolve) => {
        const seen = frames.find(test);
        if (seen) {
          resolve(seen);
        } else {
          waiting.push({ test, resolve });
        }
      }),
    send: (sessionId: string, clientId: string, text: string) =>
      socket.send(JSON.stringify({ type: 'send', sessionId, clientId, payload: { type: 'text', text } })),
  };
}
