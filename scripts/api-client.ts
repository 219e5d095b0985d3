// The typed tRPC client the scripts call the service with: one cookie jar (the session of whoever signed in
// through it) and the ward it works in.
import { createTRPCClient, httpLink } from '@trpc/client';
import type { AppRouter } from '../shared/index.js';

export interface ApiSession {
  cookie: string | undefined;
  ward: string | undefined;
}

export function apiClient(baseUrl: string, session: ApiSession = { cookie: undefined, ward: undefined }) {
  return createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: `${baseUrl.replace(/\/+$/, '')}/trpc`,
        headers: () => ({
          ...(session.cookie ? { cookie: session.cookie } : {}),
          ...(session.ward ? { 'x-ward': session.ward } : {}),
        }),
        fetch: async (input, init) => {
          const response = await fetch(input, init);
          const sid = response.headers.getSetCookie().find((header) => header.startsWith('nobat_sid='));
          if (sid) session.cookie = sid.split(';')[0];
          return response;
        },
      }),
    ],
  });
}

export type ApiClient = ReturnType<typeof apiClient>;
