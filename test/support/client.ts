import { parseSetCookie } from 'cookie';

export interface TestResponse {
  status: number;
  headers: Headers;
  // Tests inspect arbitrary response shapes.
  body: any;
  text: string;
  setCookies: string[];
}

export interface RequestOptions {
  body?: unknown;
  /** Sent as is, instead of JSON-encoding `body`. */
  rawBody?: string;
  headers?: Record<string, string>;
  /** `null` sends no Content-Type; default `application/json` for state-changing methods. */
  contentType?: string | null;
  /** Send no cookies from the jar. */
  anonymous?: boolean;
}

/** A user agent with a cookie jar, talking real HTTP to a test server. */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  get sessionCookie(): string | undefined {
    return this.cookies.get('nobat_sid');
  }

  async request(method: string, path: string, options: RequestOptions = {}): Promise<TestResponse> {
    const headers: Record<string, string> = { ...options.headers };
    const stateChanging = !['GET', 'HEAD'].includes(method);
    const contentType = options.contentType === undefined ? (stateChanging ? 'application/json' : null) : options.contentType;
    if (contentType) headers['content-type'] = contentType;
    if (!options.anonymous && this.cookies.size > 0 && !headers.cookie) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    let body: string | undefined = options.rawBody;
    if (body === undefined && stateChanging && method !== 'DELETE') body = JSON.stringify(options.body ?? {});
    if (body === undefined && options.body !== undefined) body = JSON.stringify(options.body);
    const response = await fetch(new URL(path, this.baseUrl), { method, headers, body });
    const text = await response.text();
    const setCookies = response.headers.getSetCookie();
    for (const header of setCookies) {
      const cookie = parseSetCookie(header);
      if (cookie.maxAge === 0 || !cookie.value) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, body: parsed, text, setCookies };
  }

  get(path: string, options?: RequestOptions) {
    return this.request('GET', path, options);
  }

  post(path: string, body?: unknown, options?: RequestOptions) {
    return this.request('POST', path, { ...options, body });
  }

  delete(path: string, options?: RequestOptions) {
    return this.request('DELETE', path, options);
  }

  /** A second agent holding the same cookies, as another tab or a stolen cookie would. */
  clone(): TestClient {
    const copy = new TestClient(this.baseUrl);
    for (const [name, value] of this.cookies) copy.cookies.set(name, value);
    return copy;
  }
}
