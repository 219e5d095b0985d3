// The service the benches load through its API: set up with one administrator and one ward, through the scripts'
// client (`scripts/api-client.ts`, its cookie jar and ward), and a plain fetch sending the same session and ward (the
// benches time REST reads beside the client's writes).
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ApiSession } from '../scripts/api-client.ts';

type ApiClientModule = typeof import('../scripts/api-client.ts');

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ADMIN = { username: 'bench-admin', password: 'bench-password-1' };

export async function benchWard(serviceUrl: string, wardName: string) {
  const { apiClient } = (await import(pathToFileURL(join(ROOT, 'dist', 'scripts', 'api-client.js')).href)) as ApiClientModule;
  const session: ApiSession = { cookie: undefined, ward: undefined };
  const client = apiClient(serviceUrl, session);
  await client.setup.run.mutate({ hospitalName: 'Bench Hospital', wardName: 'Bench', name: 'Bench Admin', ...ADMIN });
  const wardId = (await client.wards.create.mutate({ name: wardName })).ward.id;
  session.ward = String(wardId);
  // Only signing in sets the session cookie: the jar's cookie serves every later request.
  const fetchAsAdmin = (url: string) => fetch(url, { headers: { cookie: session.cookie ?? '', 'x-ward': session.ward ?? '' } });
  return { client, fetch: fetchAsAdmin, wardId };
}
