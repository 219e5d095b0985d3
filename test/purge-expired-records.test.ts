import { describe, expect, it } from '@jest/globals';
import { AuthEvent } from '../server/db/entities/auth-event.js';
import { LoginFailure } from '../server/db/entities/login-failure.js';
import { Session } from '../server/db/entities/session.js';
import { purgeExpiredRecords } from '../server/services/maintenance/purge-expired-records.js';
import { ADMIN, signIn } from './support/fixtures.js';
import { useFreshInstallation } from './support/suite.js';
import { TestClock } from './support/test-server.js';

const START = new TestClock().now();
const DAY = 24 * 3600 * 1000;

describe('purging expired records', () => {
  const { server } = useFreshInstallation({
    env: { LOGIN_WINDOW_SECONDS: '900', SESSION_TTL_SECONDS: String(2 * 24 * 3600), RETENTION_DAYS: '30' },
    clockAt: START,
  });
  const purge = () => purgeExpiredRecords(server.em(), {}, { now: server.clock.now(), config: server.config });

  it('deletes sign-in failures that left the window, and keeps those inside it', async () => {
    for (let i = 0; i < 2; i++) await server.client().post('/api/auth/login', { username: ADMIN.username, password: 'wrong-password-1' });
    server.clock.advance(901 * 1000);
    await server.client().post('/api/auth/login', { username: 'other', password: 'wrong-password-1' });
    expect(await purge()).toMatchObject({ loginFailures: 2 });
    expect(await server.em().count(LoginFailure, {})).toBe(1);
  });

  it('deletes sessions ended more than RETENTION_DAYS ago and audit events older than that, keeping the rest', async () => {
    const expiring = await signIn(server, ADMIN.username, ADMIN.password);
    const revoked = await signIn(server, ADMIN.username, ADMIN.password);
    expect((await revoked.post('/api/auth/logout', {})).status).toBe(200);
    server.clock.advance(31 * DAY);
    const live = await signIn(server, ADMIN.username, ADMIN.password);
    const eventsBefore = await server.em().count(AuthEvent, {});
    const sessionsBefore = await server.em().count(Session, {});

    const purged = await purge();
    // The session of setup and `expiring` expired 29 days ago: kept. `revoked` ended 31 days ago: gone.
    expect(purged.sessions).toBe(1);
    expect(await server.em().count(Session, {})).toBe(sessionsBefore - 1);
    expect(purged.authEvents).toBe(eventsBefore - 1);
    expect(await server.em().count(AuthEvent, {})).toBe(1);
    expect((await live.get('/api/me')).status).toBe(200);
    expect(expiring.sessionCookie).toBeDefined();

    server.clock.advance(DAY + 1000);
    expect((await purge()).sessions).toBe(2);
    expect((await live.get('/api/me')).status).toBe(200);
  });
});
