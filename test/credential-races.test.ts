import { describe, expect, it } from '@jest/globals';
import { AuthEvent } from '../server/db/entities/auth-event.js';
import { LoginFailure } from '../server/db/entities/login-failure.js';
import { Session } from '../server/db/entities/session.js';
import { User } from '../server/db/entities/user.js';
import { usernameKey } from '../server/services/accounts/username-key.js';
import { insertSignedInUser, insertUser } from './support/fixtures.js';
import { gatedHasher } from './support/gated-hasher.js';
import { useFreshInstallation } from './support/suite.js';

const NURSE = { username: 'nurse', password: 'nurse-password-1' };
const RESET = 'reset-password-1';
const NEXT = 'next-password-1';

describe('a password reset committed while a password is being checked', () => {
  const gated = gatedHasher();
  const { server, installation } = useFreshInstallation({ hasher: gated.hasher });

  const liveSessions = (userId: number) =>
    server.em().count(Session, { user: userId, revokedAt: null, expiresAt: { $gt: server.clock.now() } });

  it('leaves no session started with the old password: the sign-in fails', async () => {
    const nurseId = await insertUser(server, { ...installation, ...NURSE });
    const held = gated.holdVerify(NURSE.password);
    const signingIn = server.client().post('/api/auth/login', NURSE);
    await held.reached;
    expect((await installation.admin.post(`/api/employees/${nurseId}/password-reset`, { password: RESET })).status).toBe(200);
    held.release();
    const response = await signingIn;
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('invalid_credentials');
    expect(await liveSessions(nurseId)).toBe(0);
    expect(await server.em().count(LoginFailure, { pending: true })).toBe(0);
    const signIns = await server.em().find(AuthEvent, { user: nurseId, type: { $like: 'login_%' } });
    expect(signIns.map(({ type, reason, username }) => ({ type, reason, username }))).toEqual([
      { type: 'login_failed', reason: 'credentials_changed', username: NURSE.username },
    ]);
  });

  it('is not overwritten by a password change that verified the old password', async () => {
    const nurse = await insertSignedInUser(server, installation, NURSE);
    const held = gated.holdHash(NEXT);
    const changing = nurse.client.post('/api/account/password', { current: NURSE.password, next: NEXT });
    await held.reached;
    expect((await installation.admin.post(`/api/employees/${nurse.id}/password-reset`, { password: RESET })).status).toBe(200);
    held.release();
    const response = await changing;
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('wrong_password');
    const user = await server.em().findOneOrFail(User, nurse.id, { populate: ['passwordHash'] });
    expect(user.mustChangePassword).toBe(true);
    expect(await server.services.hasher.verify(user.passwordHash, RESET)).toBe(true);
  });
});

describe('a sign-in whose password check fails', () => {
  const gated = gatedHasher();
  const { server, installation } = useFreshInstallation({ hasher: gated.hasher, env: { LOGIN_MAX_FAILURES: '3' } });

  it('leaves no claim pending, so the next attempts are neither held nor refused', async () => {
    await insertUser(server, { ...installation, ...NURSE });
    gated.failVerify(NURSE.password);
    try {
      for (let i = 0; i < 4; i++) expect((await server.client().post('/api/auth/login', NURSE)).status).toBe(500);
    } finally {
      gated.recover();
    }
    expect(await server.em().count(LoginFailure, {})).toBe(0);
    expect((await server.client().post('/api/auth/login', NURSE)).status).toBe(200);
  });

  it('is not recorded as rate limited when the limit itself cannot be checked', async () => {
    // The database refuses the claim's insert for this one username, as a failing database would. The claim
    // names the username by its folded key ('doomed' folds to 'doorned': rn is the skeleton of m).
    expect(usernameKey('doomed')).not.toBe('doomed');
    await server.em().execute(`
      create or replace function refuse_claim() returns trigger language plpgsql as $$
      begin
        if new.username_key = '${usernameKey('doomed')}' then raise exception 'disk full'; end if;
        return new;
      end $$;
      create trigger refuse_claim before insert on login_failure for each row execute function refuse_claim();`);
    try {
      const response = await server.client().post('/api/auth/login', { username: 'doomed', password: 'whatever-1' });
      expect(response.status).toBe(500);
      expect(response.body.code).toBe('internal');
      expect(await server.em().count(AuthEvent, { reason: 'rate_limited' })).toBe(0);
    } finally {
      await server.em().execute('drop trigger refuse_claim on login_failure; drop function refuse_claim();');
    }
  });
});
