import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { ADMIN, insertWard, setUpInstallation, signIn } from './support/fixtures.js';
import { startTestServer, type TestServer } from './support/test-server.js';

// GET /api/me reads the home ward with the session and keeps one date formatter per time zone:
// these pin down that the answer is still the selected ward and today's date in the configured zone.
describe('GET /api/me: ward and date', () => {
  let tehran: TestServer;
  let utc: TestServer;
  beforeAll(async () => {
    tehran = await startTestServer();
    utc = await startTestServer({ env: { APP_TIMEZONE: 'UTC' } });
  });
  afterAll(async () => {
    await tehran.close();
    await utc.close();
  });
  // Each test installs what it uses, whatever ran before it.
  beforeEach(async () => {
    await tehran.reset();
    await utc.reset();
  });

  it('answers the home ward by name when no ward is selected, and another ward when a super admin selects it', async () => {
    const { admin, hospitalId, wardId } = await setUpInstallation(tehran);
    const home = await admin.get('/api/me');
    expect(home.status).toBe(200);
    expect(home.body.ward).toEqual({ id: wardId, name: 'ICU' });
    expect(home.body.user.wardId).toBe(wardId);

    const otherId = await insertWard(tehran, hospitalId, 'Cardiology');
    const other = await admin.get('/api/me', { headers: { 'X-Ward': String(otherId) } });
    expect(other.status).toBe(200);
    expect(other.body.ward).toEqual({ id: otherId, name: 'Cardiology' });
    expect(other.body.user.wardId).toBe(wardId);

    // A second request on a fresh session reads the same home ward.
    const again = await (await signIn(tehran, ADMIN.username, ADMIN.password)).get('/api/me');
    expect(again.body.ward).toEqual({ id: wardId, name: 'ICU' });
  });

  it("gives today's date in each server's own time zone, side by side in one process", async () => {
    // 21:00 UTC is already the next day in Tehran (UTC+03:30).
    tehran.clock.set('2026-11-22T21:00:00.000Z');
    utc.clock.set('2026-11-22T21:00:00.000Z');
    await setUpInstallation(tehran);
    await setUpInstallation(utc);
    const inTehran = await (await signIn(tehran, ADMIN.username, ADMIN.password)).get('/api/me');
    const inUtc = await (await signIn(utc, ADMIN.username, ADMIN.password)).get('/api/me');
    expect(inTehran.body.today).toBe('2026-11-23');
    expect(inUtc.body.today).toBe('2026-11-22');
  });
});
