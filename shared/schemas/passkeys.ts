import { z } from 'zod';
import { codePoints, isPlainText, jsonNumber, UNSAFE_TEXT_MESSAGE, ZOk, ZTimestamp } from './fields.js';


/** base64url without padding, as WebAuthn's JSON forms carry binary values. */
const ZBase64Url = (maxLength: number) =>
  z.string().max(maxLength).regex(/^[A-Za-z0-9_-]*$/, 'Must be base64url.');

/** One of the caller's passkeys. `id` is a public identifier, unrelated to the credential id. */
export const ZPasskey = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: ZTimestamp,
  lastUsedAt: ZTimestamp.nullable(),
});
export type TPasskey = z.infer<typeof ZPasskey>;

export const ZPasskeyListResponse = z.object({ passkeys: z.array(ZPasskey) });
export type TPasskeyListResponse = z.infer<typeof ZPasskeyListResponse>;

export const ZPasskeyEnvelope = z.object({ passkey: ZPasskey });
export type TPasskeyEnvelope = z.infer<typeof ZPasskeyEnvelope>;

/** A passkey's name, as its owner tells them apart: trimmed, 1 to 100 characters. */
export const ZPasskeyName = z
  .string()
  .trim()
  .refine((value) => codePoints(value) >= 1, 'Must not be empty.')
  .refine((value) => codePoints(value) <= 100, 'Must be at most 100 characters.')
  .refine(isPlainText, UNSAFE_TEXT_MESSAGE)
  .meta({ description: 'Trimmed; 1 to 100 characters; no control characters, line breaks or bidirectional overrides.', minLength: 1 });

const ZCredentialDescriptor = z.object({
  id: z.string(),
  type: z.literal('public-key'),
  transports: z.array(z.string()).optional(),
});

/** The JSON form of `PublicKeyCredentialCreationOptions`, for `navigator.credentials.create()`. */
export const ZPasskeyRegistrationOptions = z.object({
  challenge: z.string(),
  rp: z.object({ id: z.string(), name: z.string() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ type: z.literal('public-key'), alg: z.number().int() })),
  timeout: z.number().int().optional(),
  excludeCredentials: z.array(ZCredentialDescriptor),
  authenticatorSelection: z.object({
    residentKey: z.enum(['discouraged', 'preferred', 'required']),
    requireResidentKey: z.boolean().optional(),
    userVerification: z.enum(['discouraged', 'preferred', 'required']),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  }),
  attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
  hints: z.array(z.string()).optional(),
});
export type TPasskeyRegistrationOptions = z.infer<typeof ZPasskeyRegistrationOptions>;

export const ZPasskeyRegistrationOptionsRequest = z.object({}).optional();
export type TPasskeyRegistrationOptionsRequest = z.infer<typeof ZPasskeyRegistrationOptionsRequest>;

const ZClientExtensionResults = z.record(z.string(), z.unknown());
const ZAuthenticatorAttachment = z.enum(['platform', 'cross-platform']).nullable().optional();

/** The JSON form of a `RegistrationResponse` (`PublicKeyCredential.toJSON()` after `create()`). */
export const ZPasskeyRegistrationResponse = z.object({
  id: ZBase64Url(1400).min(1),
  rawId: ZBase64Url(1400).min(1),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: ZBase64Url(8000),
    attestationObject: ZBase64Url(60_000),
    authenticatorData: ZBase64Url(60_000).optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: jsonNumber(z.number().int()).optional(),
    publicKey: ZBase64Url(8000).optional(),
  }),
  authenticatorAttachment: ZAuthenticatorAttachment,
  clientExtensionResults: ZClientExtensionResults.default({}),
});
export type TPasskeyRegistrationResponse = z.infer<typeof ZPasskeyRegistrationResponse>;

export const ZPasskeyRegisterRequest = z.object({ name: ZPasskeyName, response: ZPasskeyRegistrationResponse });
export type TPasskeyRegisterRequest = z.infer<typeof ZPasskeyRegisterRequest>;

// Any string: an id that is not one of the caller's passkeys, well-formed or not, is 404 passkey_not_found.
export const ZPasskeyRenameRequest = z.object({ id: z.string(), name: ZPasskeyName });
export type TPasskeyRenameRequest = z.infer<typeof ZPasskeyRenameRequest>;

export const ZPasskeyRemoveRequest = z.object({ id: z.string() });
export type TPasskeyRemoveRequest = z.infer<typeof ZPasskeyRemoveRequest>;

export const ZPasskeyRemoveResponse = ZOk;

/** The JSON form of `PublicKeyCredentialRequestOptions`, for `navigator.credentials.get()`. */
export const ZPasskeyAuthenticationOptions = z.object({
  challenge: z.string(),
  rpId: z.string(),
  allowCredentials: z.array(ZCredentialDescriptor),
  userVerification: z.enum(['discouraged', 'preferred', 'required']),
  timeout: z.number().int().optional(),
  hints: z.array(z.string()).optional(),
});

export const ZPasskeySignInOptionsRequest = z.object({}).optional();
export type TPasskeySignInOptionsRequest = z.infer<typeof ZPasskeySignInOptionsRequest>;

export const ZPasskeySignInOptionsResponse = z.object({
  /** Sent back with the assertion: names the challenge kept by the service. */
  challengeId: z.string(),
  options: ZPasskeyAuthenticationOptions,
});
export type TPasskeySignInOptionsResponse = z.infer<typeof ZPasskeySignInOptionsResponse>;

/** The JSON form of an `AuthenticationResponse` (`PublicKeyCredential.toJSON()` after `get()`). */
export const ZPasskeyAuthenticationResponse = z.object({
  id: ZBase64Url(1400).min(1),
  rawId: ZBase64Url(1400).min(1),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: ZBase64Url(8000),
    authenticatorData: ZBase64Url(60_000),
    signature: ZBase64Url(8000),
    userHandle: ZBase64Url(128).nullable().optional(),
  }),
  authenticatorAttachment: ZAuthenticatorAttachment,
  clientExtensionResults: ZClientExtensionResults.default({}),
});
export type TPasskeyAuthenticationResponse = z.infer<typeof ZPasskeyAuthenticationResponse>;

export const ZPasskeySignInRequest = z.object({ challengeId: z.string().max(100), response: ZPasskeyAuthenticationResponse });
export type TPasskeySignInRequest = z.infer<typeof ZPasskeySignInRequest>;
