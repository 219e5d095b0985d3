import { createServer, type Server } from 'node:http';
import type { Metrics } from './metrics.js';

export const METRICS_PATH = '/metrics';

/**
 * Serves `GET /metrics` on a port of its own (`METRICS_PORT`), apart from the API, so that a reverse proxy in front
 * of the API never exposes it: anything else there is 404. Resolves once listening.
 */
export async function startMetricsServer(metrics: Metrics, host: string, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== METRICS_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    metrics.text().then(
      (text) => {
        res.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      () => res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics not collected\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

/** The address a started metrics server answers at, for the start-up line. */
export function metricsUrl(server: Server, host: string): string {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}${METRICS_PATH}`;
}
