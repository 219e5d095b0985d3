import { describe, expect, it } from '@jest/globals';
import { setTimeout as sleep } from 'node:timers/promises';
import { Session } from '../server/db/entities/session.js';
import { PURGE_CRON, PURGE_QUEUE } from '../server/jobs/definitions.js';
import { ADMIN, signIn } from './support/fixtures.js';
import { useFreshInstallation } from './support/suite.js';
import { TestClock } from './support/test-server.js';

const START = new TestClock().now();
const DAY = 24 * 3600 * 1000;

/** Waits (polling) until `done()` holds, or fails after `seconds`: the queue's worker runs on its own schedule. */
async function eventually(done: () => Promise<boolean>, seconds = 30): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`not done within ${seconds} s`);
    await sleep(200);
  }
}

describe('the cleanup on the job queue', () => {
  const { server } = useFreshInstallation({
    env: { RETENTION_DAYS: '30', SESSION_TTL_SECONDS: String(2 * 24 * 3600), WORKER: 'true' },
    clockAt: START,
    jobs: {},
  });

  it('is scheduled on the queue as a periodic job', async () => {
    const rows = await server.em().execute<{ name: string; cron: string }[]>('select name, cron from pgboss.schedule');
    expect(rows).toContainEqual({ name: PURGE_QUEUE, cron: PURGE_CRON });
  });

  it('purges expired records when its job runs through the queue', async () => {
    const ended = await signIn(server, ADMIN.username, ADMIN.password);
    expect((await ended.post('/api/auth/logout', {})).status).toBe(200);
    server.clock.advance(31 * DAY);
    const live = await signIn(server, ADMIN.username, ADMIN.password);
    const before = await server.em().count(Session, {});

    const jobId = await server.services.jobs.send(PURGE_QUEUE, {});
    expect(jobId).toEqual(expect.any(String));
    const stateOf = async () =>
      (await server.em().execute<{ state: string }[]>('select state from pgboss.job where name = ? and id = ?', [PURGE_QUEUE, jobId]))[0]?.state;
    await eventually(async () => ['completed', 'failed'].includes((await stateOf()) ?? ''));

    expect(await stateOf()).toBe('completed');
    // Only `ended` ended more than 30 days ago (the others expire, or expired, later).
    expect(await server.em().count(Session, {})).toBe(before - 1);
    expect((await live.get('/api/me')).status).toBe(200);
    expect(server.logs.some((line) => line.includes('expired records purged'))).toBe(true);
  });
});
