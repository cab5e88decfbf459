/**
 * npm's own version-range semantics: the `semver` package (the one npm uses to check `engines`),
 * loaded with `require` because it ships CommonJS without type declarations. Only the functions this
 * project calls are typed here; their behaviour is semver's (https://github.com/npm/node-semver).
 */
import { createRequire } from 'node:module';

/** A parsed version (`semver.SemVer`): its numeric parts and `version`, e.g. `22.14.0`. */
interface SemverVersion {
  major: number;
  minor: number;
  patch: number;
  version: string;
}

/** The functions of `semver` this project uses. */
interface SemverApi {
  /** The normalised range, or null when `range` is not a valid npm range. */
  validRange(range: string): string | null;
  /** The lowest version that satisfies `range`, or null when none does. */
  minVersion(range: string): SemverVersion | null;
  /** Whether `version` is in `range`. */
  satisfies(version: string, range: string): boolean;
  /** Whether every version in `sub` is also in `dom`. */
  subset(sub: string, dom: string): boolean;
  /** -1, 0 or 1 as `a` is lower than, equal to or higher than `b`. */
  compare(a: string, b: string): -1 | 0 | 1;
  /** The version a loose string such as `22.14` or `v20` stands for (`22.14.0`), or null. */
  coerce(version: string): SemverVersion | null;
}

/** The `semver` package (a dependency of generator-pipecat). */
export const semver = createRequire(import.meta.url)('semver') as SemverApi;
