import type { Config } from 'jest';

/**
 * Slow test tier (`npm run test:e2e`): generated web clients are installed, built, type-checked,
 * linted and opened in headless Chromium. Minutes, not seconds; `.ci/run` runs it after `npm test`.
 * Same transform settings as jest.config.ts (Jest loads each config file on its own).
 */
const config: Config = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'json'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true }] },
  modulePathIgnorePatterns: ['<rootDir>/dist/'],
  testMatch: ['<rootDir>/test/e2e/**/*.test.ts'],
  reporters: ['default', '<rootDir>/test/summary-reporter.mjs'],
  testTimeout: 900_000,
  maxWorkers: 1,
};

export default config;
