import { createParser } from 'eventsource-parser';

/** How long `hookwire ui --serve` waits before connecting again to a serve that went away. */
const RECONNECT_MS = 1_000;

export interface ServeFollowOptions {
  /** serve's base URL (`http://127.0.0.1:PORT`) and the bearer token it was started with. */
  url: string;
  token: string;
  /** Each decision: serve's sequence number (from 1, per serve instance) and the audit record's JSON. */
  onRecord(seq: number, json: string): void;
  /** The serve answering is another one than before (restarted): the decisions held are not its. */
  onRestart(): void;
  /** What happened to the connection, in words for a person; `ok` false while serve cannot be followed. */
  onNotice(message: string, ok: boolean): void;
}

/**
 * Follows `GET /v1/decisions` of a running `hookwire serve` (server-sent events, parsed by
 * `eventsource-parser`): its backlog, then each decision as it is made. A connection that drops
 * (serve restarted, stopped) is opened again every second, asking for what came after the last
 * decision seen; a serve that answers with another instance id starts over. `ready` resolves on
 * the first answer (or the first failure: the page is served either way, and says so).
 */
export function followServe(options: ServeFollowOptions): { stop(): void; done: Promise<void>; ready: Promise<void> } {
  const controller = new AbortController();
  let instance: string | undefined;
  let last: number | undefined;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  let lastNotice = '';
  const notice = (message: string, ok: boolean) => {
    if (message === lastNotice) return;
    lastNotice = message;
    options.onNotice(message, ok);
  };

  async function connectOnce(): Promise<void> {
    const query = new URLSearchParams({ ...(instance === undefined ? {} : { instance }), ...(last === undefined ? {} : { after: String(last) }) });
    const response = await fetch(`${options.url}/v1/decisions?${query}`, { headers: { authorization: `Bearer ${options.token}`, accept: 'text/event-stream' }, signal: controller.signal });
    if (!response.ok || response.body === null) {
      const text = await response.text().catch(() => '');
      let reason = text.trim();
      try {
        reason = String((JSON.parse(text) as { error?: unknown }).error ?? reason);
      } catch {
        // not JSON: the text as it is
      }
      throw new Error(`${options.url} answered ${response.status}${reason === '' ? '' : `: ${reason}`}`);
    }
    const parser = createParser({
      onEvent(event) {
        if (event.event === 'hello') {
          const hello = JSON.parse(event.data) as { instance?: unknown };
          const given = typeof hello.instance === 'string' ? hello.instance : undefined;
          if (instance !== undefined && given !== instance) {
            last = undefined;
            options.onRestart();
          }
          instance = given;
          notice(`following ${options.url}`, true);
          markReady();
          return;
        }
        if (event.event !== 'decision' || event.id === undefined) return;
        const seq = Number(event.id);
        if (!Number.isInteger(seq)) return;
        last = seq;
        options.onRecord(seq, event.data);
      },
    });
    const decoder = new TextDecoder();
    for await (const chunk of response.body) parser.feed(decoder.decode(chunk as Uint8Array, { stream: true }));
  }

  const done = (async () => {
    while (!controller.signal.aborted) {
      try {
        await connectOnce();
        if (!controller.signal.aborted) notice(`${options.url} closed the stream; connecting again`, false);
      } catch (error) {
        if (controller.signal.aborted) break;
        const cause = (error as { cause?: { code?: string } }).cause?.code;
        notice(`cannot follow ${options.url}: ${cause ?? (error as Error).message}; trying again every ${RECONNECT_MS / 1000} s`, false);
        markReady();
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, RECONNECT_MS);
        controller.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve();
        }, { once: true });
      });
    }
  })();
  return {
    stop: () => controller.abort(),
    done,
    ready,
  };
}
