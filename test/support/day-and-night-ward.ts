import type { Installation } from './fixtures.js';
import { setUpRotaPeople, type RotaPeople } from './rota-api.js';
import { insertProfile } from './schedules-api.js';
import type { TestServer } from './test-server.js';
import { createShiftType } from './views-api.js';

export interface DayAndNightWard {
  people: RotaPeople;
  /** Day, D, 07:00 to 15:00. */
  day: number;
  /** Night, N, 23:00 to 07:00 the next morning. */
  night: number;
}

/**
 * The people of setUpRotaPeople, a home ward whose head nurse made a Day and a Night shift type, and both of
 * its employees rostered as nurses: enough for a schedule to be filled, published and read back.
 */
export async function setUpDayAndNightWard(server: TestServer, installation: Installation): Promise<DayAndNightWard> {
  const people = await setUpRotaPeople(server, installation);
  const day = await createShiftType(people.manager.client, { code: 'D', name: 'Day', start: '07:00', end: '15:00' });
  const night = await createShiftType(people.manager.client, { code: 'N', name: 'Night', start: '23:00', end: '07:00' });
  await insertProfile(server, people.employee.id, ['nurse']);
  await insertProfile(server, people.colleague.id, ['nurse']);
  return { people, day, night };
}
