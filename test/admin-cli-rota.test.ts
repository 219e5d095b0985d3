import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CoverageRequirement } from '../server/db/entities/coverage-requirement.js';
import { RotaRequest } from '../server/db/entities/rota-request.js';
import { StaffProfile } from '../server/db/entities/staff-profile.js';
import { runAdmin, type AdminResult } from './support/admin-cli.js';
import { compiledProject } from './support/build.js';
import { ADMIN, insertUser, setUpInstallation, signIn, type Installation } from './support/fixtures.js';
import { insertProfile } from './support/schedules-api.js';
import { useTestServer } from './support/suite.js';
import { createShiftType, scheduleWith } from './support/views-api.js';


describe('the admin command line: rota commands', () => {
  const server = useTestServer();
  let installation: Installation;
  let build: { dir: string };
  let files: string;
  let nurseId: number;

  const admin = (args: string[]) => runAdmin(build.dir, server.url, args);

  const created = (result: AdminResult, what: string) => {
    expect(result).toMatchObject({ code: 0, stderr: '' });
    return Number(new RegExp(`created ${what} (\\d+)`).exec(result.stdout)![1]);
  };

  beforeAll(async () => {
    build = await compiledProject();
    files = mkdtempSync(join(tmpdir(), 'nobat-cli-'));
    installation = await setUpInstallation(server);
    nurseId = await insertUser(server, { ...installation, username: 'nurse', password: 'nurse-password-1', name: 'Nurse' });
  }, 120_000);
  afterAll(() => {
    rmSync(files, { recursive: true, force: true });
  });

  it('creates, lists, updates and deletes shift types', async () => {
    const night = created(await admin(['shift-types:create', '--code', 'N', '--name', 'Night', '--start', '23:00', '--end', '07:00']), 'shift type');
    const day = created(await admin(['shift-types:create', '--code', 'D', '--name', 'Day', '--start', '07:00', '--end', '15:00', '--forbidden-next', String(night), '--max-consecutive', '5']), 'shift type');
    const listed = await admin(['shift-types:list']);
    expect(listed.stdout).toMatch(new RegExp(`^${day}\\s+D\\s+Day\\s+07:00\\s+15:00\\s+480\\s+1\\s+5\\s+${night}\\s+true$`, 'm'));
    expect((await admin(['shift-types:update', String(day), '--active', 'false'])).stdout).toContain(`updated shift type ${day} D`);
    const evening = created(await admin(['shift-types:create', '--code', 'E', '--name', 'Evening', '--start', '15:00', '--end', '23:00']), 'shift type');
    expect((await admin(['shift-types:delete', String(evening)])).code).toBe(0);
    const refused = await admin(['shift-types:create', '--code', 'X', '--name', 'Bad', '--start', '24:00', '--end', '07:00']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^admin: invalid_input: /);
  });

  it('creates contracts and sets, lists and removes staff profiles', async () => {
    const contract = created(await admin(['contracts:create', '--name', 'Full time', '--min-assignments', '10', '--max-assignments', '20', '--complete-weekends', 'true']), 'contract');
    expect((await admin(['contracts:list'])).stdout).toMatch(new RegExp(`^${contract}\\s+Full time\\s+10\\s+20\\s+0\\s+62\\s+0\\s+62\\s+62\\s+true$`, 'm'));
    expect((await admin(['contracts:update', String(contract), '--max-assignments', '18'])).code).toBe(0);
    const set = await admin(['rota-staff:set', String(nurseId), '--skills', 'nurse, head nurse', '--contract', String(contract)]);
    expect(set.stdout).toContain(`profile of user ${nurseId} set: skills nurse, head nurse; contract ${contract}`);
    expect((await admin(['rota-staff:list'])).stdout).toMatch(new RegExp(`^${nurseId}\\s+nurse\\s+Nurse\\s+employee\\s+nurse,head nurse\\s+${contract}\\s+true$`, 'm'));
    const inUse = await admin(['contracts:delete', String(contract)]);
    expect(inUse.code).toBe(1);
    expect(inUse.stderr).toMatch(/^admin: contract_in_use: /);
    expect((await admin(['rota-staff:remove', String(nurseId)])).code).toBe(0);
    expect(await server.em().count(StaffProfile, {})).toBe(0);
    expect((await admin(['contracts:delete', String(contract)])).stdout).toContain(`deleted contract ${contract}`);
  });

  it('replaces the coverage from a CSV file (codes or ids) and from a JSON file, and shows it', async () => {
    await admin(['shift-types:create', '--code', 'M', '--name', 'Morning', '--start', '07:00', '--end', '13:00']);
    const csv = join(files, 'coverage.csv');
    writeFileSync(csv, '\uFEFFshiftType,skill,weekday,date,minimum,optimal\r\nm,nurse,1,,2,3\r\nM,"head nurse, senior",,2026-12-01,1,1\r\n');
    const fromCsv = await admin(['coverage:set', csv]);
    expect(fromCsv).toMatchObject({ code: 0, stdout: 'coverage replaced: 2 rows\n' });
    const shown = await admin(['coverage:show']);
    expect(shown.stdout).toMatch(/^M\s+nurse\s+1\s+2\s+3$/m);
    expect(shown.stdout).toMatch(/^M\s+head nurse, senior\s+2026-12-01\s+1\s+1$/m);

    const json = join(files, 'coverage.json');
    const { shiftTypes } = (await installation.admin.get('/api/rota/shift-types')).body;
    const morning = shiftTypes.find((t: { code: string }) => t.code === 'M').id;
    writeFileSync(json, JSON.stringify({ coverage: [{ shiftTypeId: morning, skill: 'nurse', weekday: 5, minimum: 1, optimal: 2 }] }));
    expect((await admin(['coverage:set', json])).stdout).toBe('coverage replaced: 1 row\n');
    expect(await server.em().count(CoverageRequirement, {})).toBe(1);

    const bad = join(files, 'bad.csv');
    writeFileSync(bad, 'shiftType,skill,weekday,date,minimum,optimal\nM,nurse,1,,3,2\n');
    const refused = await admin(['coverage:set', bad]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^admin: invalid_input: /);
    const unknownCode = join(files, 'unknown.csv');
    writeFileSync(unknownCode, 'shiftType,skill,weekday,date,minimum,optimal\nQ,nurse,1,,1,2\n');
    expect((await admin(['coverage:set', unknownCode])).code).toBe(2);
    expect(await server.em().count(CoverageRequirement, {})).toBe(1);
  });

  it('lists requests and approves or rejects leave', async () => {
    const nurse = server.client();
    await nurse.post('/api/auth/login', { username: 'nurse', password: 'nurse-password-1' });
    const first = (await nurse.post('/api/rota/requests', { kind: 'leave', date: '2026-12-01', endDate: '2026-12-03' })).body.request.id;
    const second = (await nurse.post('/api/rota/requests', { kind: 'leave', date: '2027-01-01', endDate: '2027-01-02' })).body.request.id;
    const listed = await admin(['requests:list', '--status', 'pending']);
    expect(listed.stdout).toMatch(new RegExp(`^${first}\\s+${nurseId}\\s+leave\\s+2026-12-01\\s+2026-12-03\\s+pending$`, 'm'));
    expect((await admin(['requests:approve', String(first), '--note', 'ok'])).stdout).toBe(`request ${first} approved\n`);
    expect((await admin(['requests:reject', String(second)])).stdout).toBe(`request ${second} rejected\n`);
    const again = await admin(['requests:approve', String(first)]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^admin: request_not_pending: /);
    expect((await server.em().findOneOrFail(RotaRequest, first)).decisionNote).toBe('ok');
  });

  it("prints the ward's ledger over --from and --to as a table, with the figures per full-time person under it", async () => {
    const head = await signIn(server, ADMIN.username, ADMIN.password);
    const night = await createShiftType(head, { code: 'LN', name: 'Ledger night', start: '23:00', end: '07:00' });
    const ledgerNurse = await insertUser(server, { ...installation, username: 'ledger-nurse', password: 'nurse-password-1', name: 'Ledger Nurse' });
    await insertProfile(server, ledgerNurse, ['nurse']);
    // Tuesday 5 and Friday 8 January 2027 (Friday is the default weekend), two nights of 480 minutes.
    await scheduleWith(head, { startDate: '2027-01-04', endDate: '2027-01-10' }, [
      { userId: ledgerNurse, date: '2027-01-05', shiftTypeId: night },
      { userId: ledgerNurse, date: '2027-01-08', shiftTypeId: night },
    ]);
    const printed = await admin(['ledger', '--from', '2027-01-04', '--to', '2027-01-10']);
    expect(printed).toMatchObject({ code: 0, stderr: '' });
    expect(printed.stdout).toMatch(/^userId\s+name\s+contractId\s+assignments\s+minutes\s+nights\s+weekendsWorked\s+holidaysWorked\s+preferencesHonoured\s+preferencesBroken\s+changesAfterPublication\s+deviationNights\s+deviationWeekends\s+deviationHolidays$/m);
    expect(printed.stdout).toMatch(new RegExp(`^${ledgerNurse}\\s+Ledger Nurse\\s+2\\s+960\\s+2\\s+1\\s+0\\s+0\\s+0\\s+0\\s+-?[\\d.]+\\s+-?[\\d.]+\\s+0$`, 'm'));
    expect(printed.stdout).toMatch(/^\d+ people; per full-time person: [\d.]+ assignments, [\d.]+ nights, [\d.]+ weekends, 0 holidays$/m);
    const refused = await admin(['ledger', '--from', '2027-01-04']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--to is required');
  });

  it('lists swaps, approves and rejects accepted ones, and lists an account\'s notifications', async () => {
    const colleagueId = await insertUser(server, { ...installation, username: 'colleague', password: 'colleague-password-1', name: 'Colleague' });
    await insertProfile(server, nurseId, ['nurse']);
    await insertProfile(server, colleagueId, ['nurse']);
    const day = (await installation.admin.post('/api/rota/shift-types', { code: 'SD', name: 'Swap day', start: '07:00', end: '15:00' })).body.shiftType.id;
    await scheduleWith(installation.admin, { startDate: '2026-12-07', endDate: '2026-12-13' }, [
      { userId: nurseId, date: '2026-12-08', shiftTypeId: day },
      { userId: colleagueId, date: '2026-12-09', shiftTypeId: day },
    ]);
    const nurse = server.client();
    await nurse.post('/api/auth/login', { username: 'nurse', password: 'nurse-password-1' });
    const colleague = server.client();
    await colleague.post('/api/auth/login', { username: 'colleague', password: 'colleague-password-1' });
    const swapOf = async (date: string) => {
      const id = (await nurse.post('/api/rota/swaps', { date, withUserId: colleagueId })).body.swap.id as number;
      expect((await colleague.post(`/api/rota/swaps/${id}/accept`)).status).toBe(200);
      return id;
    };
    const approved = await swapOf('2026-12-08');
    const rejected = await swapOf('2026-12-09');
    const listed = await admin(['swaps:list', '--status', 'accepted']);
    expect(listed.stdout).toMatch(new RegExp(`^${approved}\\s+${nurseId}\\s+${colleagueId}\\s+2026-12-08\\s+2026-12-08\\s+accepted\\s+0/-?\\d+$`, 'm'));
    expect((await admin(['swaps:approve', String(approved), '--accept-violations', 'false'])).stdout).toBe(`swap ${approved} approved\n`);
    expect((await admin(['swaps:reject', String(rejected), '--note', 'No'])).stdout).toBe(`swap ${rejected} rejected\n`);
    const again = await admin(['swaps:approve', String(rejected)]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^admin: swap_not_pending: /);
    const notes = await runAdmin(build.dir, server.url, ['notifications:list', '--unread', 'true'], { username: 'nurse', password: 'nurse-password-1' });
    expect(notes.code).toBe(0);
    expect(notes.stdout).toMatch(new RegExp(`^\\d+\\s+swap_decided\\s+\\S+\\s+.*"swapId":${approved}.*"status":"approved"`, 'm'));
    expect(notes.stdout).toMatch(/^\d+\s+shift_changed\s+.*"route":"swap"/m);
  });
});
