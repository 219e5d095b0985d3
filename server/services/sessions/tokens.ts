import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 random bits, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token: its SHA-256, hex. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function signature(token: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(token).digest();
}

/** The cookie value: `<token>.<HMAC-SHA256 of the token>`, both base64url. */
export function signToken(token: string, secret: string): string {
  return `${token}.${signature(token, secret).toString('base64url')}`;
}

/** The token inside a signed cookie value, or null when the value is malformed or its signature is wrong. */
export function verifySignedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot <= 0) return null;
  const token = value.slice(0, dot);
  // Compared as text: decoding first would drop characters outside base64url, so `<sig>!!` would pass.
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(signature(token, secret).toString('base64url'));
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}
