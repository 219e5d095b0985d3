// The rota commands of the admin command line: what a head nurse would script. Every rule stays in the
// service; these only turn options into calls and answers into lines.
import type { TRPCClient } from '@trpc/client';
import type { AppRouter, TRequestStatus, TSwapStatus } from '../shared/index.js';
import { optionalBoolean, optionalInteger, positiveInteger, required, table, UsageError } from './cli-support.js';
import { readCoverageFile } from './coverage-file.js';
import { watchJob } from './solve-progress.js';

type Client = TRPCClient<AppRouter>;
type Options = Record<string, string | undefined>;

export const ROTA_USAGE = `  shift-types:list
  shift-types:create --code C --name NAME --start HH:MM --end HH:MM [--min-consecutive N] [--max-consecutive N] [--forbidden-next ID,ID]
  shift-types:update <id> [--code C] [--name NAME] [--start HH:MM] [--end HH:MM] [--min-consecutive N] [--max-consecutive N] [--forbidden-next ID,ID] [--active true|false]
  shift-types:delete <id>
  contracts:list
  contracts:create --name NAME [--min-assignments N] [--max-assignments N] [--min-working-days N] [--max-working-days N] [--min-days-off N] [--max-days-off N] [--max-weekends N] [--complete-weekends true|false]
  contracts:update <id> [the options of contracts:create]
  contracts:delete <id>
  rota-staff:list
  rota-staff:set <user id> --skills SKILL,SKILL [--contract ID]
  rota-staff:remove <user id>
  coverage:show [--from DATE] [--to DATE]
  coverage:set <file.csv|file.json>   (columns shiftType (a code) or shiftTypeId, skill, weekday, date, minimum, optimal)
  requests:list [--status S] [--user ID] [--from DATE] [--to DATE]
  requests:approve <id> [--note TEXT]
  requests:reject <id> [--note TEXT]
  ledger --from DATE --to DATE   (each person's figures over the published schedules, and deviations from their share)
  repair <schedule id> [--from DATE] [--change-weight N] [--seconds N] [--apply true]
                       re-plan a published schedule from a day on with the fewest changes: watch it as solve does
                       (on stderr), show the proposed changes, and with --apply true apply them
  repair:apply <schedule id> --job ID   apply a finished repair's proposal
  swaps:list [--status S]
  swaps:approve <id> [--accept-violations true|false]
  swaps:reject <id> [--note TEXT]
  notifications:list [--unread true|false]
  solve <schedule id> [--time-limit SECONDS] [--json]   (generates the roster, showing its progress; Ctrl-C stops watching, not the solve)
  solve:watch <schedule id> [--json]
  solve:stop <schedule id>
  (every rota command works in the ward given by --ward, else the home ward)`;

/** The options the rota commands add to the command line. */
export const ROTA_OPTIONS = Object.fromEntries(
  [
    'code', 'start', 'end', 'min-consecutive', 'max-consecutive', 'forbidden-next', 'active',
    'min-assignments', 'max-assignments', 'min-working-days', 'max-working-days', 'min-days-off', 'max-days-off', 'max-weekends', 'complete-weekends',
    'skills', 'contract', 'status', 'user', 'from', 'to', 'note', 'change-weight', 'seconds', 'apply', 'job', 'accept-violations', 'unread', 'time-limit',
  ].map((name) => [name, { type: 'string' as const }]),
);

function idList(value: string | undefined, name: string): number[] | undefined {
  if (value === undefined) return undefined;
  return value.split(',').filter((part) => part.trim() !== '').map((part) => positiveInteger(part.trim(), `an id in ${name}`));
}

/** Only the options given: a PATCH changes nothing else. */
function defined<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function shiftTypeFields(options: Options) {
  return defined({
    code: options.code,
    name: options.name,
    start: options.start,
    end: options.end,
    minConsecutive: optionalInteger(options['min-consecutive'], '--min-consecutive'),
    maxConsecutive: optionalInteger(options['max-consecutive'], '--max-consecutive'),
    forbiddenNext: idList(options['forbidden-next'], '--forbidden-next'),
    active: optionalBoolean(options.active, '--active'),
  });
}

function contractFields(options: Options) {
  return defined({
    name: options.name,
    minAssignments: optionalInteger(options['min-assignments'], '--min-assignments'),
    maxAssignments: optionalInteger(options['max-assignments'], '--max-assignments'),
    minConsecutiveWorkingDays: optionalInteger(options['min-working-days'], '--min-working-days'),
    maxConsecutiveWorkingDays: optionalInteger(options['max-working-days'], '--max-working-days'),
    minConsecutiveDaysOff: optionalInteger(options['min-days-off'], '--min-days-off'),
    maxConsecutiveDaysOff: optionalInteger(options['max-days-off'], '--max-days-off'),
    maxWorkingWeekends: optionalInteger(options['max-weekends'], '--max-weekends'),
    completeWeekends: optionalBoolean(options['complete-weekends'], '--complete-weekends'),
  });
}

const SHIFT_COLUMNS = ['id', 'code', 'name', 'start', 'end', 'minutes', 'minConsecutive', 'maxConsecutive', 'forbiddenNext', 'active'];
const CONTRACT_COLUMNS = [
  'id', 'name', 'minAssignments', 'maxAssignments', 'minConsecutiveWorkingDays', 'maxConsecutiveWorkingDays',
  'minConsecutiveDaysOff', 'maxConsecutiveDaysOff', 'maxWorkingWeekends', 'completeWeekends',
];

const LEDGER_COLUMNS = [
  'userId', 'name', 'contractId', 'assignments', 'minutes', 'nights', 'weekendsWorked', 'holidaysWorked', 'preferencesHonoured', 'preferencesBroken',
  'changesAfterPublication', 'deviationNights', 'deviationWeekends', 'deviationHolidays',
];

type Proposal = NonNullable<Awaited<ReturnType<Client['rota']['solve']['read']['query']>>['job']['proposal']>;

/** A repair's proposed changes as a table: who, which day, what the cell holds and would hold (code/skill, or off). */
async function proposalTable(client: Client, proposal: Proposal): Promise<string> {
  const [{ shiftTypes }, { staff }] = await Promise.all([client.rota.shiftTypes.list.query(), client.rota.staff.list.query()]);
  const codes = new Map(shiftTypes.map((t) => [t.id, t.code]));
  const names = new Map(staff.map((s) => [s.userId, s.name]));
  const cell = (value: Proposal['changes'][number]['before']) => (value === null ? 'off' : `${codes.get(value.shiftTypeId) ?? value.shiftTypeId}/${value.skill}`);
  const rows = proposal.changes.map((change) => ({ ...change, name: names.get(change.userId) ?? '', before: cell(change.before), after: cell(change.after) }));
  const score = (s: { hard: number; soft: number }) => `hard ${s.hard}, soft ${s.soft}`;
  return [
    table(rows, ['date', 'userId', 'name', 'before', 'after']),
    `${proposal.changes.length} changed cell${proposal.changes.length === 1 ? '' : 's'}; score now ${score(proposal.scoreBefore)}, after ${score(proposal.scoreAfter)}; made on version ${proposal.baseVersion}`,
  ].join('\n');
}

/**
 * Starts a repair and follows it with the display the solve command uses (`watchJob`), on stderr: stdout is for the
 * proposal. Its scores are what the repair minimises, the change charge included.
 */
async function watchRepair(client: Client, id: number, options: Options) {
  const seconds = optionalInteger(options.seconds, '--seconds');
  const { job } = await client.rota.solve.start.mutate({
    id,
    mode: 'repair',
    ...defined({ from: options.from, changeWeight: optionalInteger(options['change-weight'], '--change-weight'), timeLimitSeconds: seconds }),
  });
  process.stderr.write(`repair job ${job.id} from ${job.from} (change weight ${job.changeWeight}), up to ${job.timeLimitSeconds} s\n`);
  return watchJob(async () => (await client.rota.solve.read.query({ id })).job, { json: false, out: process.stderr, label: 'repair' });
}

/** Runs a rota command; undefined when `command` is not one. */
export async function runRotaCommand(client: Client, command: string, positionals: string[], options: Options): Promise<string | undefined> {
  switch (command) {
    case 'shift-types:list': {
      const { shiftTypes } = await client.rota.shiftTypes.list.query();
      return table(shiftTypes.map((t) => ({ ...t, forbiddenNext: t.forbiddenNext.join(',') })), SHIFT_COLUMNS);
    }
    case 'shift-types:create': {
      const fields = shiftTypeFields(options);
      const { shiftType } = await client.rota.shiftTypes.create.mutate({
        ...fields,
        code: required(options.code, '--code'),
        name: required(options.name, '--name'),
        start: required(options.start, '--start'),
        end: required(options.end, '--end'),
      });
      return `created shift type ${shiftType.id} ${shiftType.code} (${shiftType.start}–${shiftType.end}, ${shiftType.minutes} minutes)`;
    }
    case 'shift-types:update': {
      const { shiftType } = await client.rota.shiftTypes.update.mutate({ id: positiveInteger(positionals[0], 'a shift type id'), ...shiftTypeFields(options) });
      return `updated shift type ${shiftType.id} ${shiftType.code}`;
    }
    case 'shift-types:delete': {
      const id = positiveInteger(positionals[0], 'a shift type id');
      await client.rota.shiftTypes.remove.mutate({ id });
      return `deleted shift type ${id}`;
    }
    case 'contracts:list': {
      const { contracts } = await client.rota.contracts.list.query();
      return table(contracts, CONTRACT_COLUMNS);
    }
    case 'contracts:create': {
      const { contract } = await client.rota.contracts.create.mutate({ ...contractFields(options), name: required(options.name, '--name') });
      return `created contract ${contract.id} ${contract.name}`;
    }
    case 'contracts:update': {
      const { contract } = await client.rota.contracts.update.mutate({ id: positiveInteger(positionals[0], 'a contract id'), ...contractFields(options) });
      return `updated contract ${contract.id} ${contract.name}`;
    }
    case 'contracts:delete': {
      const id = positiveInteger(positionals[0], 'a contract id');
      await client.rota.contracts.remove.mutate({ id });
      return `deleted contract ${id}`;
    }
    case 'rota-staff:list': {
      const { staff } = await client.rota.staff.list.query();
      return table(staff.map((s) => ({ ...s, skills: s.skills.join(','), contractId: s.contractId ?? '' })), ['userId', 'username', 'name', 'role', 'skills', 'contractId', 'active']);
    }
    case 'rota-staff:set': {
      const userId = positiveInteger(positionals[0], 'a user id');
      const skills = required(options.skills, '--skills').split(',').map((skill) => skill.trim());
      const contractId = options.contract === undefined ? null : positiveInteger(options.contract, 'a contract id');
      const { staffMember } = await client.rota.staff.setProfile.mutate({ userId, skills, contractId });
      return `profile of user ${staffMember.userId} set: skills ${staffMember.skills.join(', ')}; contract ${staffMember.contractId ?? 'none'}`;
    }
    case 'rota-staff:remove': {
      const userId = positiveInteger(positionals[0], 'a user id');
      await client.rota.staff.removeProfile.mutate({ userId });
      return `profile of user ${userId} removed`;
    }
    case 'coverage:show': {
      const { coverage } = await client.rota.coverage.read.query(defined({ from: options.from, to: options.to }));
      const { shiftTypes } = await client.rota.shiftTypes.list.query();
      const codes = new Map(shiftTypes.map((t) => [t.id, t.code]));
      return table(coverage.map((row) => ({ ...row, shiftType: codes.get(row.shiftTypeId) ?? row.shiftTypeId })), ['shiftType', 'skill', 'weekday', 'date', 'minimum', 'optimal']);
    }
    case 'coverage:set': {
      const rows = readCoverageFile(required(positionals[0], 'a CSV or JSON file'));
      const needsCodes = rows.some((row) => row.shiftTypeId === undefined);
      const byCode = new Map<string, number>();
      if (needsCodes) for (const t of (await client.rota.shiftTypes.list.query()).shiftTypes) byCode.set(t.code.toLowerCase(), t.id);
      const coverage = rows.map(({ shiftType, shiftTypeId, ...row }) => {
        const id = shiftTypeId ?? byCode.get(shiftType!.toLowerCase());
        if (id === undefined) throw new UsageError(`no shift type with the code "${shiftType}" in this ward`);
        return { ...row, shiftTypeId: id };
      });
      const answer = await client.rota.coverage.replace.mutate({ coverage });
      return `coverage replaced: ${answer.coverage.length} row${answer.coverage.length === 1 ? '' : 's'}`;
    }
    case 'requests:list': {
      const filters = defined({
        status: options.status as TRequestStatus | undefined,
        userId: options.user === undefined ? undefined : positiveInteger(options.user, 'a user id'),
        from: options.from,
        to: options.to,
      });
      // Every page, one after another.
      const requests: Awaited<ReturnType<typeof client.rota.requests.list.query>>['requests'] = [];
      let cursor: string | null | undefined;
      do {
        const page = await client.rota.requests.list.query({ ...filters, ...(cursor ? { cursor } : {}) });
        requests.push(...page.requests);
        cursor = page.nextCursor;
      } while (cursor);
      return table(requests.map((r) => ({ ...r, shiftTypeId: r.shiftTypeId ?? '', note: r.note ?? '' })), ['id', 'userId', 'kind', 'date', 'endDate', 'shiftTypeId', 'status', 'note']);
    }
    case 'requests:approve':
    case 'requests:reject': {
      const id = positiveInteger(positionals[0], 'a request id');
      const input = { id, ...(options.note ? { note: options.note } : {}) };
      const { request } = command === 'requests:approve' ? await client.rota.requests.approve.mutate(input) : await client.rota.requests.reject.mutate(input);
      return `request ${request.id} ${request.status}`;
    }
    case 'ledger': {
      const { rows, ward } = await client.rota.ledger.read.query({ from: required(options.from, '--from'), to: required(options.to, '--to') });
      // Deviations are fractions of a share: two decimals are plenty on a terminal (the API and the CSV keep them whole).
      const shown = (value: number) => String(Math.round(value * 100) / 100);
      const sheet = table(
        rows.map((row) => ({
          ...row,
          contractId: row.contractId ?? '',
          deviationNights: shown(row.deviation.nights),
          deviationWeekends: shown(row.deviation.weekendsWorked),
          deviationHolidays: shown(row.deviation.holidaysWorked),
        })),
        LEDGER_COLUMNS,
      );
      const perFullTime = ward.perFullTime;
      return `${sheet}\n${ward.staff} people; per full-time person: ${shown(perFullTime.assignments)} assignments, ${shown(perFullTime.nights)} nights, ${shown(perFullTime.weekendsWorked)} weekends, ${shown(perFullTime.holidaysWorked)} holidays`;
    }
    case 'repair': {
      const id = positiveInteger(positionals[0], 'a schedule id');
      const apply = optionalBoolean(options.apply, '--apply') ?? false;
      const job = await watchRepair(client, id, options);
      if (job.proposal === null) return `repair job ${job.id} ${job.status} without a proposal`;
      const shown = await proposalTable(client, job.proposal);
      if (!apply) return `${shown}\nrepair job ${job.id} ${job.status}; apply it with: repair:apply ${id} --job ${job.id}`;
      const { schedule, evaluation } = await client.rota.solve.applyProposal.mutate({ id, jobId: job.id });
      return `${shown}\napplied: schedule ${schedule.id} version ${schedule.version}, score hard ${evaluation.score.hard}, soft ${evaluation.score.soft}`;
    }
    case 'repair:apply': {
      const id = positiveInteger(positionals[0], 'a schedule id');
      const { schedule, evaluation } = await client.rota.solve.applyProposal.mutate({ id, jobId: positiveInteger(options.job, '--job') });
      return `applied: schedule ${schedule.id} version ${schedule.version}, score hard ${evaluation.score.hard}, soft ${evaluation.score.soft}`;
    }
    case 'swaps:list': {
      const { swaps } = await client.rota.swaps.list.query(defined({ status: options.status as TSwapStatus | undefined }));
      const effect = (score: { hard: number; soft: number } | null) => (score ? `${score.hard}/${score.soft}` : '');
      return table(
        swaps.map((s) => ({ ...s, effect: effect(s.effect), note: s.note ?? '' })),
        ['id', 'fromUserId', 'toUserId', 'date', 'theirDate', 'status', 'effect', 'note'],
      );
    }
    case 'swaps:approve': {
      const id = positiveInteger(positionals[0], 'a swap id');
      const { swap } = await client.rota.swaps.approve.mutate({ id, ...defined({ acceptViolations: optionalBoolean(options['accept-violations'], '--accept-violations') }) });
      return `swap ${swap.id} ${swap.status}`;
    }
    case 'swaps:reject': {
      const id = positiveInteger(positionals[0], 'a swap id');
      const { swap } = await client.rota.swaps.reject.mutate({ id, ...(options.note ? { note: options.note } : {}) });
      return `swap ${swap.id} ${swap.status}`;
    }
    case 'notifications:list': {
      const unread = optionalBoolean(options.unread, '--unread');
      const { notifications } = await client.account.notifications.query(unread === undefined ? undefined : { unread: unread ? 'true' : 'false' });
      return table(
        notifications.map((n) => ({ ...n, readAt: n.readAt ?? '', data: JSON.stringify(n.data) })),
        ['id', 'kind', 'createdAt', 'readAt', 'data'],
      );
    }
    case 'solve':
    case 'solve:watch': {
      const id = positiveInteger(positionals[0], 'a schedule id');
      if (command === 'solve') {
        const timeLimitSeconds = optionalInteger(options['time-limit'], '--time-limit');
        await client.rota.solve.start.mutate({ id, ...(timeLimitSeconds === undefined ? {} : { timeLimitSeconds }) });
      }
      const job = await watchJob(async () => (await client.rota.solve.read.query({ id })).job, { json: options.json === 'true', out: process.stdout });
      // The summary is printed; a solve that did not finish its work fails the command, for scripts.
      if (job.status !== 'done') throw new Error(`solve ${job.id} of schedule ${id} ended ${job.status}`);
      return '';
    }
    case 'solve:stop': {
      const id = positiveInteger(positionals[0], 'a schedule id');
      await client.rota.solve.stop.mutate({ id });
      return `solve of schedule ${id} told to stop; it keeps the best roster found so far`;
    }
    default:
      return undefined;
  }
}
