// A small JSON client for the bench: the app's answers, failing loudly on an unexpected status.
export interface Answer {
  status: number;
  body: any;
}

let connectionResets = 0;
const KEEP_ALIVE_RACE = new Set(['ECONNRESET', 'UND_ERR_SOCKET']);
/** Requests made again after their kept-alive connection was reset, since the last call. */
export function takeConnectionResets(): number {
  const count = connectionResets;
  connectionResets = 0;
  return count;
}

export async function api(
  url: string,
  init: { method?: string; token?: string; body?: unknown; form?: FormData } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const request = () =>
    fetch(url, {
      method: init.method ?? (init.body !== undefined || init.form ? 'POST' : 'GET'),
      headers,
      body: init.form ?? (init.body !== undefined ? JSON.stringify(init.body) : undefined),
    });
  // A kept-alive connection the server closes as idle just as we reuse it is reset (or closed: undici's
  // "other side closed") before the server read the request (the server's keepAliveTimeout race): made
  // again, a few times at most, and counted.
  let response: Response | undefined;
  for (let attempt = 1; !response; attempt++) {
    response = await request().catch((error: { cause?: { code?: string } }) => {
      if (!KEEP_ALIVE_RACE.has(error.cause?.code ?? '') || attempt === 4) throw error;
      connectionResets++;
      return undefined;
    });
  }
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

export async function expectStatus(answer: Promise<Answer>, status: number, what: string): Promise<any> {
  const { status: got, body } = await answer;
  if (got !== status) throw new Error(`${what}: expected ${status}, got ${got} ${JSON.stringify(body)}`);
  return body;
}

/** Runs `task` over `items` with at most `concurrency` in flight; rejects on the first failure. */
export async function inPool<T, R>(
  items: T[],
  concurrency: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await task(items[i]!, i);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}
