// The operator's command line: signs in with a username and password and calls the service through
// the tRPC client typed by AppRouter, so it repeats none of the service's rules.
//
//   npm run admin -- <command> [options]
//
// NOBAT_URL (default http://127.0.0.1:3000), NOBAT_USERNAME and NOBAT_PASSWORD; missing credentials are
// asked for on a terminal.
import { TRPCClientError } from '@trpc/client';
import { randomBytes } from 'node:crypto';
import { basename, resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { readInrc2Instance } from '../server/rota/inrc2/index.js';
import { apiClient, type ApiClient, type ApiSession } from './api-client.js';
import { ROTA_OPTIONS, ROTA_USAGE, runRotaCommand } from './admin-rota.js';
import { required, table, UsageError } from './cli-support.js';
import { importInrc2 } from './rota/import-inrc2.js';

const USAGE = `usage: npm run admin -- <command> [options]

  wards:list
  wards:create <name>
  employees:list [--ward ID]
  employees:create --name NAME --username USERNAME --password PASSWORD [--email E] [--category C] [--title T] [--ward ID]
  employees:reset-password <user id> --password PASSWORD
  employees:deactivate <user id>
  employees:activate <user id>
  invites:create [--role staff|head_nurse] [--name NAME] [--category C] [--days N] [--ward ID]
  sessions:list
  sessions:revoke-others
${ROTA_USAGE}
  rota:import-inrc2 <dataset folder> --history H --weeks a,b,c,d --start <Monday> [--prefix P] [--password PASSWORD] [--ward ID]

environment: NOBAT_URL, NOBAT_USERNAME, NOBAT_PASSWORD`;

type Client = ApiClient;

async function ask(question: string, hidden = false): Promise<string> {
  if (!process.stdin.isTTY) throw new UsageError(`${question.replace(/: $/, '')} is required (set it in the environment)`);
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  if (hidden) {
    // Echo nothing while the password is typed.
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => {};
    process.stdout.write(question);
  }
  try {
    return await rl.question(hidden ? '' : question);
  } finally {
    rl.close();
    if (hidden) process.stdout.write('\n');
  }
}

function userId(value: string | undefined): number {
  const id = Number(required(value, 'a user id'));
  if (!Number.isInteger(id) || id <= 0) throw new UsageError(`"${value}" is not a user id`);
  return id;
}

async function run(client: Client, command: string, positionals: string[], options: Record<string, string | undefined>) {
  switch (command) {
    case 'wards:list': {
      const { wards } = await client.wards.list.query();
      return table(wards, ['id', 'name']);
    }
    case 'wards:create': {
      const { ward } = await client.wards.create.mutate({ name: required(positionals[0], 'a ward name') });
      return `created ward ${ward.id} ${ward.name}`;
    }
    case 'employees:list': {
      const { employees } = await client.employees.list.query();
      return table(employees, ['id', 'username', 'name', 'role', 'active', 'mustChangePassword']);
    }
    case 'employees:create': {
      const created = await client.employees.create.mutate({
        name: required(options.name, '--name'),
        username: required(options.username, '--username'),
        password: required(options.password, '--password'),
        ...(options.email ? { email: options.email } : {}),
        ...(options.category ? { category: options.category } : {}),
        ...(options.title ? { title: options.title } : {}),
      });
      return `created user ${created.id} ${created.username} (must change the password at first sign-in)`;
    }
    case 'employees:reset-password':
      await client.employees.resetPassword.mutate({ id: userId(positionals[0]), password: required(options.password, '--password') });
      return `password of user ${positionals[0]} reset; all its sessions ended`;
    case 'employees:deactivate':
      await client.employees.deactivate.mutate({ id: userId(positionals[0]) });
      return `user ${positionals[0]} deactivated; all its sessions ended`;
    case 'employees:activate':
      await client.employees.activate.mutate({ id: userId(positionals[0]) });
      return `user ${positionals[0]} activated`;
    case 'invites:create': {
      const role = options.role ?? 'staff';
      if (role !== 'staff' && role !== 'head_nurse') throw new UsageError('--role must be staff or head_nurse');
      const days = options.days === undefined ? undefined : Number(options.days);
      const { invite, url } = await client.invites.issue.mutate({
        role,
        ...(options.name ? { name: options.name } : {}),
        ...(options.category ? { category: options.category } : {}),
        ...(days === undefined ? {} : { days }),
      });
      return `${url}\ninvitation ${invite.id} for ward ${invite.wardId}, valid until ${invite.expiresAt}`;
    }
    case 'sessions:list': {
      const { sessions } = await client.sessions.list.query();
      return table(
        sessions.map((s) => ({ ...s, current: s.current ? 'yes' : '' })),
        ['id', 'createdAt', 'lastSeenAt', 'expiresAt', 'ip', 'userAgent', 'current'],
      );
    }
    case 'sessions:revoke-others': {
      const { revoked } = await client.sessions.revokeOthers.mutate({});
      return `revoked ${revoked} other session${revoked === 1 ? '' : 's'}`;
    }
    case 'rota:import-inrc2': {
      const folder = resolve(required(positionals[0], 'a dataset folder'));
      const weeks = required(options.weeks, '--weeks').split(',');
      const instance = readInrc2Instance(folder, `${basename(folder)}_${required(options.history, '--history')}_${weeks.join('-')}`);
      // Accounts must change this password at first sign-in.
      const password = options.password ?? randomBytes(9).toString('base64url');
      const loaded = await importInrc2(client, instance, {
        start: required(options.start, '--start'),
        usernamePrefix: options.prefix ?? `${instance.dataset}-`,
        password,
      });
      return [
        `imported ${instance.id}: ${loaded.userIds.length} staff, ${loaded.shiftTypeIds.length} shift types`,
        `schedule ${loaded.scheduleId} from ${loaded.startDate} to ${loaded.endDate}`,
        ...(options.password ? [] : [`initial password of the new accounts: ${password}`]),
      ].join('\n');
    }
    default: {
      const answer = await runRotaCommand(client, command, positionals, options);
      if (answer === undefined) throw new UsageError(`unknown command "${command}"`);
      return answer;
    }
  }
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      ward: { type: 'string' },
      name: { type: 'string' },
      username: { type: 'string' },
      password: { type: 'string' },
      email: { type: 'string' },
      category: { type: 'string' },
      title: { type: 'string' },
      role: { type: 'string' },
      days: { type: 'string' },
      history: { type: 'string' },
      weeks: { type: 'string' },
      prefix: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      json: { type: 'boolean' },
      ...ROTA_OPTIONS,
    },
  });
  const [command, ...rest] = positionals;
  if (!command || values.help) {
    console.log(USAGE);
    return command || values.help ? 0 : 2;
  }
  const session: ApiSession = { cookie: undefined, ward: values.ward };
  const client = apiClient(process.env.NOBAT_URL ?? 'http://127.0.0.1:3000', session);
  const username = process.env.NOBAT_USERNAME || (await ask('username: '));
  const password = process.env.NOBAT_PASSWORD || (await ask('password: ', true));
  await client.auth.login.mutate({ username, password });
  try {
    const { help: _help, json, ...options } = values;
    const answer = await run(client, command, rest, { ...options, json: json ? 'true' : undefined });
    // Commands that print as they go (solve) answer nothing more.
    if (answer !== '') console.log(answer);
  } finally {
    await client.auth.logout.mutate({}).catch(() => undefined);
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`admin: ${error.message}\n\n${USAGE}`);
      process.exit(2);
    }
    if (error instanceof TRPCClientError) {
      const code = (error.data as { code?: string } | undefined)?.code;
      console.error(`admin: ${code ? `${code}: ` : ''}${error.message}`);
    } else {
      console.error(`admin: ${error instanceof Error ? error.message : String(error)}`);
    }
    process.exit(1);
  },
);
