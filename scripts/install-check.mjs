// The end of `npm install` (postinstall): npm's own install checks (each package's engines and platform, peer
// dependencies) run again by the same npm, but on the project's Node 24 rather than the machine's, without changing
// anything (a dry run), and whatever it warns about is printed. See .npmrc for why the install itself is kept quiet.
import { spawnSync } from 'node:child_process';

const npm = process.env.npm_execpath;
if (!npm) {
  // Not run by npm (by hand): nothing to re-run.
  process.exit(0);
}
const env = { ...process.env };
for (const name of Object.keys(env)) if (name.toLowerCase() === 'npm_config_loglevel' || name.toLowerCase() === 'npm_config_dry_run') delete env[name];
const check = spawnSync(process.execPath, [npm, 'install', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=warn'], {
  env,
  encoding: 'utf8',
});
const lines = `${check.stdout ?? ''}${check.stderr ?? ''}`.split('\n').filter((line) => /^npm (warn|error|ERR)/i.test(line));
for (const line of lines) console.warn(line);
if (check.status !== 0) {
  console.warn(`npm warn install-check the check of the installed packages on Node ${process.version} did not finish (exit ${check.status})`);
}
