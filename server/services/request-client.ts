/** Who is on the other end of a request, as far as the audit trail and session list care. */
export interface RequestClient {
  ip: string | null;
  userAgent: string | null;
}
