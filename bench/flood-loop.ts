// The flood of bench/flood.ts, in a thread of its own: `batches` loops, each sending the batch again as soon as it is
// answered, until told to stop; then it reports the flood's calls by outcome. Answers still under way are dropped.
// It says when the flood's first read is answered.
import { parentPort, workerData } from 'node:worker_threads';

const { batchUrl, cookie, batches, batchSize } = workerData as { batchUrl: string; cookie: string; batches: number; batchSize: number };
const flood = { ok: 0, tooMany: 0, unavailable: 0, other: 0 };
const stop = new AbortController();

async function floodLoop(): Promise<void> {
  while (!stop.signal.aborted) {
    let response: Response;
    let body: { error?: { data?: { httpStatus?: number } } }[] | null;
    try {
      response = await fetch(batchUrl, { headers: { Cookie: cookie }, signal: AbortSignal.any([stop.signal, AbortSignal.timeout(60_000)]) });
      body = (await response.json().catch(() => null)) as typeof body;
    } catch (error) {
      if (stop.signal.aborted) return;
      throw error;
    }
    // A batch cut short by the end of the measure counts for nothing.
    if (stop.signal.aborted) return;
    if (!Array.isArray(body)) {
      flood[response.status === 503 ? 'unavailable' : 'other'] += batchSize;
      continue;
    }
    for (const answer of body) {
      const status = answer.error?.data?.httpStatus ?? 200;
      if (status === 200 && flood.ok === 0) parentPort!.postMessage('first answer');
      if (status === 200) flood.ok++;
      else if (status === 429) flood.tooMany++;
      else if (status === 503) flood.unavailable++;
      else flood.other++;
    }
  }
}

parentPort!.once('message', () => stop.abort());
await Promise.all(Array.from({ length: batches }, floodLoop));
parentPort!.postMessage(flood);
