import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ADMIN } from './fixtures.js';

export interface AdminResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `npm run admin -- ...args` as the script built into `buildDir`, against the service at `url`,
 * with no terminal attached; credentials left out are not set in its environment.
 */
export function runAdmin(
  buildDir: string,
  url: string,
  args: string[],
  credentials: { username?: string; password?: string } = ADMIN,
): Promise<AdminResult> {
  const child = spawn(process.execPath, [join(buildDir, 'scripts/admin.js'), ...args], {
    env: {
      PATH: process.env.PATH ?? '',
      NOBAT_URL: url,
      ...(credentials.username ? { NOBAT_USERNAME: credentials.username } : {}),
      ...(credentials.password ? { NOBAT_PASSWORD: credentials.password } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}
