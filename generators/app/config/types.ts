/**
 * The resolved project configuration (`ProjectConfig`, computed from the options table in
 * `./options.ts`).
 */
export type { ProjectConfig } from './options.js';
