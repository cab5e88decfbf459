import type { Config } from 'jest';

/**
 * Fast test tier (`npm test`): unit and end-to-end tests of the built `pipecat` binary that run in
 * seconds. The slow tier (client installs and builds in Chromium) lives in `jest.e2e.config.ts`.
 */
const config: Config = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'json'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true }] },
  modulePathIgnorePatterns: ['<rootDir>/dist/'],
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/e2e/'],
  reporters: ['default', '<rootDir>/test/summary-reporter.mjs'],
  testTimeout: 60_000,
  // Most tests wait on child processes (the real binary, the emulator): two workers keep both cores busy.
  maxWorkers: 2,
};

export default config;
