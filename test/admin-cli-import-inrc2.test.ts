import { beforeAll, describe, expect, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import { User } from '../server/db/entities/user.js';
import { runAdmin } from './support/admin-cli.js';
import { compiledProject } from './support/build.js';
import { ADMIN, setUpInstallation, type Installation } from './support/fixtures.js';
import { useTestServer } from './support/suite.js';

const DATASET = fileURLToPath(new URL('../data/inrc2/n005w4', import.meta.url));

describe('npm run admin -- rota:import-inrc2', () => {
  const server = useTestServer();
  let installation: Installation;
  let build: { dir: string };

  const admin = (args: string[]) => runAdmin(build.dir, server.url, args);

  beforeAll(async () => {
    build = await compiledProject();
    installation = await setUpInstallation(server);
  }, 120_000);

  it('loads an instance into the selected ward and prints the schedule it made', async () => {
    const result = await admin(['rota:import-inrc2', DATASET, '--history', '0', '--weeks', '1,2,3,3', '--start', '2027-01-04', '--ward', String(installation.wardId)]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^imported n005w4_0_1-2-3-3: 5 staff, 3 shift types$/m);
    const scheduleId = Number(/^schedule (\d+) from 2027-01-04 to 2027-01-31$/m.exec(result.stdout)![1]);
    expect(result.stdout).toMatch(/^initial password of the new accounts: \S{6,}$/m);
    expect(await server.em().count(User, { ward: installation.wardId, mustChangePassword: true })).toBe(5);

    const read = await installation.admin.get(`/api/rota/schedules/${scheduleId}`);
    expect(read.body.staff).toHaveLength(5);
    expect(read.body.carryIn.some((entry: { consecutiveWorkingDays: number }) => entry.consecutiveWorkingDays > 0)).toBe(true);
  });

  it('refuses a start that is not a Monday, with one line and a non-zero exit', async () => {
    const result = await admin(['rota:import-inrc2', DATASET, '--history', '0', '--weeks', '1,2,3,3', '--start', '2027-01-05']);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(/^admin: --start must be a Monday/);
  });
});
