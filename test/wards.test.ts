import { describe, expect, it } from '@jest/globals';
import { Hospital } from '../server/db/entities/hospital.js';
import { Ward } from '../server/db/entities/ward.js';
import { callerFor } from './support/caller.js';
import { insertSignedInUser, insertWard } from './support/fixtures.js';
import { useFreshInstallation } from './support/suite.js';

describe('wards', () => {
  const { server, installation } = useFreshInstallation();

  /** A second hospital in the same database, with one ward, that no one here may see. */
  async function otherHospital(wardName = 'Foreign Ward'): Promise<number> {
    const em = server.em();
    const hospital = em.create(Hospital, { name: 'Other Hospital', createdAt: server.clock.now() });
    await em.flush();
    return insertWard(server, hospital.id, wardName);
  }

  async function member(role: 'manager' | 'employee', wardId = installation.wardId) {
    const { client } = await insertSignedInUser(server, installation, { wardId, username: `${role}${wardId}`, password: 'member-pass-1', role });
    return client;
  }

  const wardCount = () => server.em().count(Ward, {});

  describe('GET /api/wards', () => {
    it('lists every ward of the hospital for the super admin, and none of another hospital', async () => {
      const surgery = await insertWard(server, installation.hospitalId, 'Surgery');
      await otherHospital();
      const response = await installation.admin.get('/api/wards');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ wards: [{ id: installation.wardId, name: 'ICU' }, { id: surgery, name: 'Surgery' }] });
    });

    it('lists only the home ward for a head nurse and for an employee', async () => {
      const surgery = await insertWard(server, installation.hospitalId, 'Surgery');
      for (const client of [await member('manager', surgery), await member('employee', surgery)]) {
        const response = await client.get('/api/wards');
        expect(response.status).toBe(200);
        expect(response.body).toEqual({ wards: [{ id: surgery, name: 'Surgery' }] });
      }
    });

    it('answers 401 unauthenticated without a session', async () => {
      const response = await server.client().get('/api/wards');
      expect(response.status).toBe(401);
      expect(response.body.code).toBe('unauthenticated');
    });
  });

  describe('POST /api/wards', () => {
    it('creates a ward for the super admin, answers 201 { ward }, and lists it as selectable', async () => {
      const response = await installation.admin.post('/api/wards', { name: '  Emergency  ' });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({ ward: { id: expect.any(Number), name: 'Emergency' } });
      const ward = await server.em().findOneOrFail(Ward, response.body.ward.id);
      expect(ward).toMatchObject({ name: 'Emergency', nameKey: 'emergency' });
      expect(ward.hospital.id).toBe(installation.hospitalId);

      expect((await installation.admin.get('/api/wards')).body.wards).toContainEqual(response.body.ward);
      const me = await installation.admin.get('/api/me', { headers: { 'X-Ward': String(response.body.ward.id) } });
      expect(me.status).toBe(200);
      expect(me.body.ward).toEqual(response.body.ward);
    });

    it('does not make a new ward selectable for a head nurse of another ward', async () => {
      const created = await installation.admin.post('/api/wards', { name: 'Emergency' });
      const manager = await member('manager');
      const me = await manager.get('/api/me', { headers: { 'X-Ward': String(created.body.ward.id) } });
      expect(me.status).toBe(403);
      expect(me.body.code).toBe('ward_forbidden');
    });

    it('answers 409 ward_name_taken for a name in use in any letter case, and creates nothing', async () => {
      const before = await wardCount();
      for (const name of ['ICU', 'icu', ' Icu ']) {
        const response = await installation.admin.post('/api/wards', { name });
        expect(response.status).toBe(409);
        expect(response.body).toEqual({ error: expect.any(String), code: 'ward_name_taken' });
      }
      expect(await wardCount()).toBe(before);
    });

    it('treats a name typed in another Unicode form as the same name', async () => {
      expect((await installation.admin.post('/api/wards', { name: 'Caf\u00e9' })).status).toBe(201);
      const decomposed = await installation.admin.post('/api/wards', { name: 'CAFE\u0301' });
      expect(decomposed.status).toBe(409);
      expect(decomposed.body.code).toBe('ward_name_taken');
    });

    it('allows a name that another hospital uses', async () => {
      await otherHospital('Surgery');
      expect((await installation.admin.post('/api/wards', { name: 'Surgery' })).status).toBe(201);
    });

    it('lets exactly one of 10 concurrent creations of one name succeed; the rest answer 409, never 500', async () => {
      const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => installation.admin.post('/api/wards', { name: i % 2 ? 'Cardiology' : 'CARDIOLOGY' })));
      expect(responses.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
      expect(await server.em().count(Ward, { nameKey: 'cardiology' })).toBe(1);
    });

    it('answers 403 forbidden to a head nurse and to an employee, and creates nothing', async () => {
      const before = await wardCount();
      for (const client of [await member('manager'), await member('employee')]) {
        const response = await client.post('/api/wards', { name: 'Emergency' });
        expect(response.status).toBe(403);
        expect(response.body.code).toBe('forbidden');
      }
      expect(await wardCount()).toBe(before);
    });

    it('answers 401 without a session', async () => {
      expect((await server.client().post('/api/wards', { name: 'Emergency' })).status).toBe(401);
    });

    it.each([
      ['a missing name', {}],
      ['a blank name', { name: '   ' }],
      ['a 201-character name', { name: 'w'.repeat(201) }],
      ['a name that is not a string', { name: 7 }],
    ])('rejects %s with 400 invalid_input, and creates nothing', async (_, body) => {
      const before = await wardCount();
      const response = await installation.admin.post('/api/wards', body);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('invalid_input');
      expect(response.body.issues).toEqual(expect.arrayContaining([{ path: 'name', message: expect.any(String) }]));
      expect(await wardCount()).toBe(before);
    });

    it('accepts a 200-character name', async () => {
      expect((await installation.admin.post('/api/wards', { name: 'بخش'.repeat(66) + 'ab' })).status).toBe(201);
    });

    it('creates and lists wards through the tRPC caller', async () => {
      const { caller } = await callerFor(server, installation.adminId);
      const { ward } = await caller.wards.create({ name: 'Emergency' });
      expect((await caller.wards.list()).wards).toEqual([{ id: installation.wardId, name: 'ICU' }, ward]);
      await expect(caller.wards.create({ name: 'EMERGENCY' })).rejects.toMatchObject({ cause: { code: 'ward_name_taken' } });
    });
  });
});
