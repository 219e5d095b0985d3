import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer } from 'node:net';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { BROWSER_LAUNCH_TIMEOUT, launchBrowser } from './support/browser.js';
import { ADMIN, setUpInstallation } from './support/fixtures.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/** A port free at this moment: the page's origin (and so PUBLIC_URL) must be known before the server starts. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

// What a web app does, in the fewest lines: JSON options in, navigator.credentials, JSON response out.
const PAGE = `<!doctype html>
<meta charset="utf-8">
<title>nobat passkeys</title>
<script>
const toBytes = (text) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
const toText = (buffer) => btoa(String.fromCharCode(...new Uint8Array(buffer))).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
async function call(method, path, body) {
  const response = await fetch(path, { method, headers: { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
}
async function registerPasskey(name) {
  const options = (await call('POST', '/api/account/passkeys/options', {})).body;
  const credential = await navigator.credentials.create({ publicKey: {
    ...options,
    challenge: toBytes(options.challenge),
    user: { ...options.user, id: toBytes(options.user.id) },
    excludeCredentials: options.excludeCredentials.map((c) => ({ ...c, id: toBytes(c.id) })),
  } });
  const id = toText(credential.rawId);
  return call('POST', '/api/account/passkeys', { name, response: {
    id, rawId: id, type: credential.type,
    response: {
      clientDataJSON: toText(credential.response.clientDataJSON),
      attestationObject: toText(credential.response.attestationObject),
      transports: credential.response.getTransports(),
    },
    authenticatorAttachment: credential.authenticatorAttachment,
    clientExtensionResults: credential.getClientExtensionResults(),
  } });
}
async function signInWithPasskey() {
  const { challengeId, options } = (await call('POST', '/api/auth/passkey/options', {})).body;
  const credential = await navigator.credentials.get({ publicKey: { ...options, challenge: toBytes(options.challenge), allowCredentials: [] } });
  const id = toText(credential.rawId);
  return call('POST', '/api/auth/passkey', { challengeId, response: {
    id, rawId: id, type: credential.type,
    response: {
      clientDataJSON: toText(credential.response.clientDataJSON),
      authenticatorData: toText(credential.response.authenticatorData),
      signature: toText(credential.response.signature),
      userHandle: credential.response.userHandle && toText(credential.response.userHandle),
    },
    authenticatorAttachment: credential.authenticatorAttachment,
    clientExtensionResults: credential.getClientExtensionResults(),
  } });
}
</script>`;

interface PageAnswer {
  status: number;
  body: { code?: string; user?: { username: string }; passkey?: { name: string }; passkeys?: unknown[] };
}

describe('passkeys in a real browser with a virtual authenticator', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let cdp: CDPSession;
  let authenticatorId: string;

  beforeAll(async () => {
    const port = await freePort();
    // localhost: a secure context over plain HTTP, and a host name, as an RP ID must be.
    server = await startTestServer({ port, env: { PUBLIC_URL: `http://localhost:${port}` }, pages: { '/passkeys.html': PAGE } });
    await setUpInstallation(server);
    browser = await launchBrowser();
    page = await browser.newPage();
    cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    ({ authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    }));
    expect((await page.goto(`http://localhost:${port}/passkeys.html`))?.status()).toBe(200);
  }, BROWSER_LAUNCH_TIMEOUT);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const run = (expression: string) => page.evaluate(expression) as Promise<PageAnswer>;

  it('registers a passkey with navigator.credentials.create(), signs out, and signs in with navigator.credentials.get()', async () => {
    const login = await run(`call('POST', '/api/auth/login', ${JSON.stringify({ username: ADMIN.username, password: ADMIN.password })})`);
    expect(login.status).toBe(200);

    const registered = await run(`registerPasskey('This browser')`);
    expect([registered.status, registered.body.passkey?.name]).toEqual([201, 'This browser']);
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);

    expect((await run(`call('POST', '/api/auth/logout', {})`)).status).toBe(200);
    expect((await run(`call('GET', '/api/me')`)).status).toBe(401);

    const signedIn = await run(`signInWithPasskey()`);
    expect([signedIn.status, signedIn.body.user?.username]).toEqual([200, ADMIN.username]);
    const me = await run(`call('GET', '/api/me')`);
    expect([me.status, me.body.user?.username]).toEqual([200, ADMIN.username]);

    // A second sign-in: the authenticator's counter went up, and the service took it.
    expect((await run(`signInWithPasskey()`)).status).toBe(200);
    const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(after.credentials[0]!.signCount).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it('answers 401 passkey_invalid once the passkey is removed, though the authenticator still holds it', async () => {
    const list = await run(`call('GET', '/api/account/passkeys')`);
    const [passkey] = list.body.passkeys as { id: string }[];
    expect((await run(`call('DELETE', '/api/account/passkeys/${passkey!.id}')`)).status).toBe(200);
    const refused = await run(`signInWithPasskey()`);
    expect([refused.status, refused.body.code]).toEqual([401, 'passkey_invalid']);
  }, 60_000);
});
