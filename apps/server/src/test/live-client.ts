import WebSocket from 'ws';

/** A test client for /ws/video that awaits messages by predicate, never by sleeping. */
export class LiveTestClient {
  readonly received: any[] = [];
  private waiters: { pred: (m: any) => boolean; resolve: (m: any) => void }[] = [];
  closeInfo: Promise<{ code: number; reason: string }>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const msg = JSON.parse(data.toString());
      this.received.push(msg);
      this.waiters = this.waiters.filter((w) => {
        if (w.pred(msg)) {
          w.resolve(msg);
          return false;
        }
        return true;
      });
    });
    this.closeInfo = new Promise((resolve) =>
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
  }

  static async connect(url: string, headers?: Record<string, string>): Promise<LiveTestClient> {
    const ws = new WebSocket(url, headers ? { headers } : {});
    const client = new LiveTestClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return client;
  }

  next(pred: (m: any) => boolean, timeoutMs = 15_000): Promise<any> {
    const found = this.received.find(pred);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching message within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({
        pred,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  }

  /**
   * Waits for the n-th message (1-based) of a type, counting those already received;
   * the type 'answer' means any pong or error (one per message the client sent).
   */
  async nth(type: string, n: number, timeoutMs = 15_000): Promise<any> {
    const matches = (m: any) => (type === 'answer' ? m.type === 'pong' || m.type === 'error' : m.type === type);
    const already = this.received.filter(matches);
    if (already.length >= n) return already[n - 1];
    let seen = already.length;
    // Only messages still to come are counted from here on.
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${type} #${n} within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({
        pred: (m) => matches(m) && ++seen >= n,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  }

  send(msg: unknown): void {
    this.ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
  }

  close(): void {
    this.ws.close(1000);
  }
}

/** The socket's close code and reason, or a failure when it is still open after `timeoutMs`. */
export function closedWithin(c: LiveTestClient, timeoutMs: number): Promise<{ code: number; reason: string }> {
  let timer: NodeJS.Timeout | undefined;
  const open = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the socket is still open after ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([c.closeInfo, open]).finally(() => clearTimeout(timer));
}
