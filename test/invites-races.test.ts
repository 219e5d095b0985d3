import { beforeEach, describe, expect, it } from '@jest/globals';
import { usernameKey } from '../server/services/accounts/username-key.js';
import { setTimeout as delay } from 'node:timers/promises';
import { AuthEvent } from '../server/db/entities/auth-event.js';
import { Invite } from '../server/db/entities/invite.js';
import { Session } from '../server/db/entities/session.js';
import { User } from '../server/db/entities/user.js';
import type { TestClient } from './support/client.js';
import { insertSignedInUser } from './support/fixtures.js';
import { gatedHasher } from './support/gated-hasher.js';
import { useFreshInstallation } from './support/suite.js';

describe('invitations under concurrent requests', () => {
  const gated = gatedHasher();
  const { server, installation: install } = useFreshInstallation({ hasher: gated.hasher });
  let manager: TestClient;

  beforeEach(async () => {
    manager = (await insertSignedInUser(server, install, { username: 'nurse-manager', password: 'manager-password-1', role: 'manager' })).client;
  });

  async function issue() {
    const response = await manager.post('/api/invites', { role: 'staff' });
    if (response.status !== 201) throw new Error(`issue failed: ${response.status} ${response.text}`);
    return response.body as { invite: { id: number }; token: string };
  }

  const accept = (token: string, username: string) =>
    server.client().post(`/api/invite/${token}/accept`, { name: username, username, password: 'racer-password-1' });

  it('lets exactly one of 20 concurrent accepts of one token create a user; the others get 410 invite_used', async () => {
    const { token, invite } = await issue();
    const usernames = Array.from({ length: 20 }, (_, i) => `racer-${i}`);
    const responses = await Promise.all(usernames.map((username) => accept(token, username)));

    const winners = responses.filter((response) => response.status === 201);
    const losers = responses.filter((response) => response.status !== 201);
    expect(winners).toHaveLength(1);
    expect(losers.map((response) => [response.status, response.body.code])).toEqual(
      Array.from({ length: 19 }, () => [410, 'invite_used']),
    );
    expect(losers.every((response) => response.setCookies.length === 0)).toBe(true);

    const em = server.em();
    const created = await em.find(User, { usernameKey: { $in: usernames.map((name) => usernameKey(name)) } });
    expect(created).toHaveLength(1);
    expect(created[0]!.id).toBe(winners[0]!.body.user.id);
    const stored = await em.findOneOrFail(Invite, invite.id);
    expect(stored.usedBy?.id).toBe(created[0]!.id);
    expect(stored.revokedAt).toBeNull();
    expect(await em.count(Session, { user: { usernameKey: { $in: usernames.map((name) => usernameKey(name)) } } })).toBe(1);
    expect(await em.count(AuthEvent, { type: 'invite_accepted' })).toBe(1);
  });

  it('releases the claim of an accept that fails on a taken username, so a concurrent accept with a free one wins', async () => {
    const { token, invite } = await issue();
    // Nine racers want a taken username; one wants a free one. Whatever the order, the free one must win.
    const usernames = [...Array.from({ length: 9 }, () => 'nurse-manager'), 'free-name'];
    const responses = await Promise.all(usernames.map((username) => accept(token, username)));

    const outcomes = responses.map((response, i) => [usernames[i], response.status, response.body.code ?? null]);
    expect(outcomes[9]).toEqual(['free-name', 201, null]);
    for (const [, status, code] of outcomes.slice(0, 9)) {
      expect([
        [409, 'username_taken'],
        [410, 'invite_used'],
      ]).toContainEqual([status, code]);
    }
    const stored = await server.em().findOneOrFail(Invite, invite.id);
    expect(stored.usedBy?.id).toBe(responses[9]!.body.user.id);
  });

  it('settles a revoke racing an accept cleanly: one wins, never used and revoked, never a user without a used invitation', async () => {
    const wins = { accept: 0, revoke: 0 };
    for (let round = 0; round < 12; round++) {
      const { token, invite } = await issue();
      const username = `contender-${round}`;
      // Round 0 holds the accept in its password hash until the revoke has answered, so the revoke wins;
      // round 11 starts the revoke after the accept has surely finished. Between them, the revoke is
      // staggered a little more each round, so that the two meet inside their transactions.
      const held = round === 0 ? gated.holdHash('racer-password-1') : undefined;
      const revoke = async () => {
        if (held) await held.reached;
        else await delay(round === 11 ? 300 : round * 8);
        const answer = await manager.delete(`/api/invites/${invite.id}`);
        held?.release();
        return answer;
      };
      const [accepted, revoked] = await Promise.all([accept(token, username), revoke()]);

      const acceptWon = accepted.status === 201;
      const revokeWon = revoked.status === 200;
      expect(acceptWon !== revokeWon).toBe(true);
      wins[acceptWon ? 'accept' : 'revoke']++;
      if (acceptWon) {
        expect([revoked.status, revoked.body.code]).toEqual([409, 'invite_not_revocable']);
      } else {
        expect([accepted.status, accepted.body.code]).toEqual([410, 'invite_revoked']);
      }

      const em = server.em();
      const stored = await em.findOneOrFail(Invite, invite.id);
      const users = await em.find(User, { usernameKey: usernameKey(username) });
      expect(stored.usedAt !== null && stored.revokedAt !== null).toBe(false);
      if (acceptWon) {
        expect(stored.usedAt).not.toBeNull();
        expect(users).toHaveLength(1);
        expect(stored.usedBy?.id).toBe(users[0]!.id);
      } else {
        expect(stored.revokedAt).not.toBeNull();
        expect(stored.usedBy).toBeNull();
        expect(users).toHaveLength(0);
      }
    }
    expect(wins.accept).toBeGreaterThan(0);
    expect(wins.revoke).toBeGreaterThan(0);
  });

  it('lets exactly one of 10 concurrent revokes of one invitation succeed', async () => {
    const { invite } = await issue();
    const responses = await Promise.all(Array.from({ length: 10 }, () => manager.delete(`/api/invites/${invite.id}`)));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([200, ...Array.from({ length: 9 }, () => 409)]);
    expect(await server.em().count(AuthEvent, { type: 'invite_revoked' })).toBe(1);
  });
});
