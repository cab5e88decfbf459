import type { Config } from 'jest';

/**
 * Two tiers, one configuration:
 * - fast (`npm test`): unit tests and end-to-end tests of the built `pipecat` binary that run in
 *   seconds (test/*.test.ts, test/cloud/);
 * - slow (`npm run test:e2e`, which sets PIPECAT_TEST_TIER=e2e): generated web clients installed,
 *   built and driven in headless Chromium, every catalogue entry through check_server.py, the
 *   wizard in a pseudo-terminal, `yo` from a linked install (test/e2e/);
 * - runtime (`npm run test:runtime`, PIPECAT_TEST_TIER=runtime): generated bots run scripted
 *   sessions on pipecat's own code (test/runtime/).
 */
const tier = process.env.PIPECAT_TEST_TIER ?? 'fast';
const e2e = tier === 'e2e';
const runtime = tier === 'runtime';

const config: Config = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'json'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true }] },
  modulePathIgnorePatterns: ['<rootDir>/dist/'],
  testMatch: e2e
    ? ['<rootDir>/test/e2e/**/*.test.ts']
    : runtime
      ? ['<rootDir>/test/runtime/**/*.test.ts']
      : ['<rootDir>/test/**/*.test.ts'],
  testPathIgnorePatterns: e2e || runtime ? ['/node_modules/'] : ['/node_modules/', '<rootDir>/test/e2e/', '<rootDir>/test/runtime/'],
  reporters: ['default', '<rootDir>/test/summary-reporter.mjs'],
  testTimeout: e2e || runtime ? 900_000 : 60_000,
  // Most tests wait on child processes (the real binary, the emulator): two workers keep both cores
  // busy. The slow tier runs one file at a time (each runs npm and builds on both cores itself).
  maxWorkers: e2e || runtime ? 1 : 2,
};

export default config;
