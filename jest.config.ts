/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';

const config: Config = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      { jsc: { target: 'es2024', parser: { syntax: 'typescript' } }, module: { type: 'es6' } },
    ],
  },
  // Sources import `./x.js`; under jest they are the `.ts` files.
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 60_000,
  maxWorkers: 2,
  // Each test file's VM context stays reachable inside Node (jest's ESM mode), so a worker grows by ~25 MB a file
  // and, past 1 GB, takes long enough to exit that Jest force-kills it: start a new worker once it is this large.
  workerIdleMemoryLimit: '512MB',
};

export default config;
