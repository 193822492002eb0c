// Requests per second at a fixed number of connections, with autocannon: a short warm-up run first
// (JIT, connection set-up, caches), then the measured run. Any non-2xx or error fails the figure.
import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  connections?: number;
  seconds: number;
}

export interface LoadResult {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
}

export async function measureRps(options: LoadOptions): Promise<LoadResult> {
  const connections = options.connections ?? 50;
  await run({ ...options, connections, seconds: Math.min(3, options.seconds) });
  const result = await run({ ...options, connections });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) throw new Error(`${options.url}: ${failed} of ${result.requests.total} requests failed`);
  return {
    rps: result.requests.total / (result.duration || options.seconds),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
  };
}

function run(options: Required<Pick<LoadOptions, 'connections'>> & LoadOptions) {
  return autocannon({
    url: options.url,
    headers: options.headers,
    connections: options.connections,
    duration: options.seconds,
    pipelining: 1,
  });
}
