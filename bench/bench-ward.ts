// The service the benches load through its API: set up with one administrator, one ward made, and a typed client
// and a plain fetch that both send the administrator's session and that ward (the benches time REST reads beside
// the client's writes).
import { createTRPCClient, httpLink } from '@trpc/client';
import type { AppRouter } from '../shared/index.ts';

const ADMIN = { username: 'bench-admin', password: 'bench-password-1' };

export async function benchWard(serviceUrl: string, wardName: string) {
  let cookie = '';
  let ward = '';
  const fetchWithSession = async (input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    if (cookie) request.headers.set('cookie', cookie);
    if (ward) request.headers.set('x-ward', ward);
    const response = await fetch(request);
    const sid = response.headers.getSetCookie().find((header) => header.startsWith('nobat_sid='));
    if (sid) cookie = sid.split(';')[0]!;
    return response;
  };
  const client = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${serviceUrl}/trpc`, fetch: fetchWithSession })] });
  await client.setup.run.mutate({ hospitalName: 'Bench Hospital', wardName: 'Bench', name: 'Bench Admin', ...ADMIN });
  ward = String((await client.wards.create.mutate({ name: wardName })).ward.id);
  return { client, fetch: fetchWithSession, wardId: Number(ward) };
}
