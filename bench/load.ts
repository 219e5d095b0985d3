// Load through autocannon, checked: a run whose answers are not what the scenario expects is an error,
// not a figure.
import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Every answer must have this status. */
  expectStatus: number;
}

export interface LoadResult {
  connections: number;
  perSecond: number;
  p50: number;
  p99: number;
  total: number;
}

export async function load(options: LoadOptions): Promise<LoadResult> {
  if (!/^http:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])[:/]/.test(options.url)) {
    throw new Error(`refusing to load anything but loopback: ${options.url}`);
  }
  const instance = autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    method: options.method ?? 'GET',
    headers: options.headers ?? {},
    ...(options.body === undefined ? {} : { body: options.body }),
    timeout: 10,
    // Latencies of non-2xx answers count too: the rate-limited path answers 429 by design.
    excludeErrorStats: false,
  } as autocannon.Options) as Promise<autocannon.Result> & autocannon.Instance;
  const errorKinds = new Map<string, number>();
  instance.on('reqError', (error: Error & { code?: string }) => {
    const kind = error.code ?? error.message;
    errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + 1);
  });
  const result = await instance;
  const statuses = (result as unknown as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {};
  const unexpected = Object.entries(statuses).filter(([status]) => Number(status) !== options.expectStatus);
  if (result.errors > 0 || result.timeouts > 0 || unexpected.length > 0 || result.requests.total === 0) {
    throw new Error(
      `${options.method ?? 'GET'} ${options.url} at ${options.connections} connections: ${result.requests.total} answers, ` +
        `${result.errors} errors ${JSON.stringify(Object.fromEntries(errorKinds))}, ${result.timeouts} timeouts, ` +
        `statuses ${JSON.stringify(statuses)} (expected only ${options.expectStatus})`,
    );
  }
  return {
    connections: options.connections,
    // Answers over the measured time; autocannon's per-second average ignores a partial last second.
    perSecond: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
  };
}
