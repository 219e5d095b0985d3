import { parseSetCookie } from 'cookie';

export interface CookieFetch {
  /** `fetch` that sends the jar's cookies and keeps what `Set-Cookie` answers, as a browser would. */
  fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
  cookies: Map<string, string>;
  /** Every request made, as `METHOD url`. */
  requests: string[];
}

/** For typed clients (tRPC, openapi-fetch) that bring their own fetch: one agent with one cookie jar. */
export function cookieFetch(): CookieFetch {
  const cookies = new Map<string, string>();
  const requests: string[] = [];
  return {
    cookies,
    requests,
    async fetch(input, init) {
      const request = new Request(input, init);
      if (cookies.size > 0) request.headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
      requests.push(`${request.method} ${request.url}`);
      const response = await fetch(request);
      for (const header of response.headers.getSetCookie()) {
        const cookie = parseSetCookie(header);
        if (cookie.maxAge === 0 || !cookie.value) cookies.delete(cookie.name);
        else cookies.set(cookie.name, cookie.value);
      }
      return response;
    },
  };
}
