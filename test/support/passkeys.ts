import type { TestClient, TestResponse } from './client.js';
import type { CeremonyOverrides, SoftwareAuthenticator } from './software-authenticator.js';

/** Registration as a browser does it: options, `create()`, then the response; answers the final POST. */
export async function registerPasskey(
  client: TestClient,
  authenticator: SoftwareAuthenticator,
  name = 'Ward phone',
  overrides: CeremonyOverrides = {},
): Promise<TestResponse> {
  const options = await client.post('/api/account/passkeys/options', {});
  if (options.status !== 200) throw new Error(`registration options failed: ${options.status} ${options.text}`);
  return client.post('/api/account/passkeys', { name, response: authenticator.create(options.body, overrides) });
}

export interface PasskeyCeremony {
  challengeId: string;
  assertion: ReturnType<SoftwareAuthenticator['get']>;
  /** The answer to `POST /api/auth/passkey`. */
  response: TestResponse;
}

/** Sign-in as a browser does it: options, `get()`, then the assertion. */
export async function signInWithPasskey(
  client: TestClient,
  authenticator: SoftwareAuthenticator,
  overrides: CeremonyOverrides = {},
): Promise<PasskeyCeremony> {
  const options = await client.post('/api/auth/passkey/options', {});
  if (options.status !== 200) throw new Error(`sign-in options failed: ${options.status} ${options.text}`);
  const { challengeId } = options.body;
  const assertion = authenticator.get(options.body.options, overrides);
  return { challengeId, assertion, response: await client.post('/api/auth/passkey', { challengeId, response: assertion }) };
}
