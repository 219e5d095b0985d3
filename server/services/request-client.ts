/** Who is on the other end of a request, as far as the audit trail and session list care. */
export interface RequestClient {
  ip: string | null;
  userAgent: string | null;
}

/** The client's user agent as sessions and audit records keep it: at most 512 characters (their columns' length). */
export function storedUserAgent(client: RequestClient): string | null {
  return client.userAgent?.slice(0, 512) ?? null;
}
