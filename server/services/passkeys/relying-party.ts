import type { Config } from '../../config.js';

/** Who the service is in a WebAuthn ceremony, and which pages may run one. */
export interface RelyingParty {
  /** The host of `PUBLIC_URL`: passkeys are bound to it. */
  id: string;
  name: string;
  /** `PUBLIC_URL`'s origin, then those of `WEBAUTHN_ORIGINS`. */
  origins: string[];
}

/** COSE algorithms offered and accepted: EdDSA, ES256, RS256. Fixed, so that every process agrees. */
export const SUPPORTED_ALGORITHMS = [-8, -7, -257];

/** A challenge lives this long. */
export const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;

export function relyingParty(config: Config): RelyingParty {
  const publicUrl = new URL(config.publicUrl);
  return {
    id: publicUrl.hostname,
    name: 'nobat',
    origins: [...new Set([publicUrl.origin, ...config.webauthnOrigins])],
  };
}
