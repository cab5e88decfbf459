import type { Config } from 'jest';
import base from './jest.config.js';

/**
 * Slow test tier (`npm run test:e2e`): generated web clients are installed, built, type-checked,
 * linted and opened in headless Chromium. Minutes, not seconds; `.ci/run` runs it after `npm test`.
 */
const config: Config = {
  ...base,
  testMatch: ['<rootDir>/test/e2e/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/'],
  testTimeout: 900_000,
};

export default config;
