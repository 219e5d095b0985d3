import { afterAll, beforeAll, beforeEach } from '@jest/globals';
import { restoreInstallation, type Installation } from './fixtures.js';
import { startTestServer, type TestServer, type TestServerOptions } from './test-server.js';

// Records, not arrays: a property added to TestServer or Installation fails the type check until it is listed here.
const SERVER_PROPERTIES: Record<keyof TestServer, true> = {
  url: true,
  orm: true,
  database: true,
  config: true,
  clock: true,
  services: true,
  logs: true,
  em: true,
  client: true,
  reset: true,
  close: true,
};
const INSTALLATION_PROPERTIES: Record<keyof Installation, true> = { admin: true, adminId: true, hospitalId: true, wardId: true };

/**
 * An object whose properties read through to what `current()` returns at the moment they are read.
 * Jest runs hooks after the describe body, so the body hands out these views, not the objects themselves.
 */
function liveView<T extends object>(name: string, properties: Record<keyof T, true>, current: () => T | undefined): T {
  const view = {} as T;
  for (const key of Object.keys(properties) as (keyof T & string)[]) {
    Object.defineProperty(view, key, {
      enumerable: true,
      get() {
        const target = current();
        if (target === undefined) throw new Error(`${name}.${key} is there only inside the tests and hooks of its describe block`);
        const value = target[key];
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }
  return view;
}

/**
 * One test server for the enclosing describe block: started before its first test, closed after its
 * last. The returned server may be kept in a constant of the block and used in every test and hook.
 */
export function useTestServer(options: TestServerOptions = {}): TestServer {
  let current: TestServer | undefined;
  beforeAll(async () => {
    current = await startTestServer(options);
  });
  afterAll(() => current?.close());
  return liveView('server', SERVER_PROPERTIES, () => current);
}

export interface FreshInstallationOptions extends TestServerOptions {
  /** Where the test clock is set before each setup; without it the clock stays where the last test left it. */
  clockAt?: Date | string;
}

export interface FreshInstallation {
  server: TestServer;
  /** The installation of the running test: a new one for each test. */
  installation: Installation;
}

/**
 * A test server for the enclosing describe block, emptied and set up anew before each test (as
 * setUpInstallation does it over HTTP, but in-process: restoreInstallation), so that every test starts
 * from a hospital that has just been installed.
 * A beforeEach registered after this call runs after the setup, and can build on it.
 */
export function useFreshInstallation(options: FreshInstallationOptions = {}): FreshInstallation {
  const { clockAt, ...serverOptions } = options;
  const server = useTestServer(serverOptions);
  let current: Installation | undefined;
  beforeEach(async () => {
    if (clockAt !== undefined) server.clock.set(clockAt);
    current = await restoreInstallation(server);
  });
  return { server, installation: liveView('installation', INSTALLATION_PROPERTIES, () => current) };
}
