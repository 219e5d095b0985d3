import { describe, expect, it } from '@jest/globals';
import { Session } from '../server/db/entities/session.js';
import { User } from '../server/db/entities/user.js';
import { insertSignedInUser } from './support/fixtures.js';
import { useFreshInstallation } from './support/suite.js';

describe("another manager's account", () => {
  const { server, installation } = useFreshInstallation();

  async function twoHeadNurses() {
    const head = await insertSignedInUser(server, installation, { username: 'head1', password: 'head-nurse-1', role: 'manager' });
    const peer = await insertSignedInUser(server, installation, { username: 'head2', password: 'head-nurse-2', role: 'manager' });
    return { head, peer };
  }

  it('answers 403 forbidden to a head nurse resetting a peer head nurse, and changes nothing', async () => {
    const { head, peer } = await twoHeadNurses();
    const response = await head.client.post(`/api/employees/${peer.id}/password-reset`, { password: 'taken-over-1' });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('forbidden');
    expect((await server.client().post('/api/auth/login', { username: 'head2', password: 'taken-over-1' })).status).toBe(401);
    expect((await peer.client.get('/api/me')).status).toBe(200);
  });

  it('answers 403 forbidden to a head nurse deactivating a peer head nurse, and changes nothing', async () => {
    const { head, peer } = await twoHeadNurses();
    const response = await head.client.post(`/api/employees/${peer.id}/deactivate`, {});
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('forbidden');
    expect((await server.em().findOneOrFail(User, peer.id)).active).toBe(true);
    expect(await server.em().count(Session, { user: peer.id, revokedAt: null })).toBe(1);
  });

  it('may be reset and deactivated by the super admin', async () => {
    const { peer } = await twoHeadNurses();
    expect((await installation.admin.post(`/api/employees/${peer.id}/password-reset`, { password: 'fresh-start-1' })).status).toBe(200);
    expect((await installation.admin.post(`/api/employees/${peer.id}/deactivate`, {})).status).toBe(200);
  });
});
