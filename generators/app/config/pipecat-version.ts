/**
 * The pipecat-ai release a project requires at least (the floor of `pipecat-ai>=` in its
 * `pyproject.toml`): the generator's own floor, and the versions `--pipecat` accepts.
 *
 * Versions are read as PEP 440 public versions with a full release segment of three numbers:
 * `X.Y.Z`, optionally a pre-release (`a1`, `b2`, `rc1`), a post-release (`.post1`) and a
 * development release (`.dev0`), the forms pipecat-ai publishes on PyPI. They order as PEP 440
 * says (packaging.python.org, "Version specifiers": `.devN` < `aN` < `bN` < `rcN` < final <
 * `.postN`). Epochs and local versions (`+abc`) are not accepted: a floor has no use for them.
 */

/**
 * Minimum pipecat-ai release the generated code is written for: 1.8 added
 * `ProcessorUnusablePolicy`, which every generated worker sets (the API index describes pipecat's
 * HEAD `acead05`, 1.7.1.dev771, what 1.8.0 released). No upper bound: users get the newest release.
 * A project may raise it (`--pipecat`, recorded as `pipecat_version`), never lower it.
 */
export const PIPECAT_FLOOR = '1.8.0';

/** A version as {@link parsePipecatVersion} reads it. */
interface PipecatVersion {
  /** The release segment, e.g. `[1, 9, 0]`. */
  readonly release: readonly [number, number, number];
  /** Pre-release phase and number (`rc1` → `['rc', 1]`), absent for a final release. */
  readonly pre?: readonly ['a' | 'b' | 'rc', number];
  readonly post?: number;
  readonly dev?: number;
}

const VERSION_PATTERN = /^(\d+)\.(\d+)\.(\d+)(?:(a|b|rc)(\d+))?(?:\.post(\d+))?(?:\.dev(\d+))?$/;

/**
 * Read a version as `--pipecat` takes it.
 *
 * @param text e.g. `1.9.0`, `1.9.0rc1`, `1.9.0.post1`, `1.9.0.dev3`
 * @returns the parsed version, or undefined when `text` is not of that form
 */
export function parsePipecatVersion(text: string): PipecatVersion | undefined {
  const m = VERSION_PATTERN.exec(text);
  if (!m) return undefined;
  const num = (s: string | undefined) => (s === undefined ? undefined : Number(s));
  return {
    release: [Number(m[1]), Number(m[2]), Number(m[3])],
    ...(m[4] ? { pre: [m[4] as 'a' | 'b' | 'rc', Number(m[5])] as const } : {}),
    ...(m[6] !== undefined ? { post: num(m[6]) } : {}),
    ...(m[7] !== undefined ? { dev: num(m[7]) } : {}),
  };
}

/** The sort keys of a version after its release segment, in PEP 440's order. */
function suffixKey(v: PipecatVersion): number[] {
  // A bare `.devN` comes before every pre-release of its release; a final release after them all.
  const phase = v.pre ? ['a', 'b', 'rc'].indexOf(v.pre[0]) + 1 : v.dev !== undefined && v.post === undefined ? 0 : 4;
  return [phase, v.pre?.[1] ?? 0, v.post ?? -1, v.dev ?? Number.MAX_SAFE_INTEGER];
}

/**
 * Compare two versions as PEP 440 orders them.
 *
 * @returns negative when `a` is older, 0 when equal, positive when `a` is newer
 */
function compareVersions(a: PipecatVersion, b: PipecatVersion): number {
  const ka = [...a.release, ...suffixKey(a)];
  const kb = [...b.release, ...suffixKey(b)];
  for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i]! - kb[i]!;
  return 0;
}

/**
 * Whether a release segment is newer than another's, the rest ignored (`1.8.1` is newer than
 * `1.8.0-dev`'s `1.8.0`; `1.8.0` is not).
 */
export function newerRelease(a: PipecatVersion, b: PipecatVersion): boolean {
  for (let i = 0; i < 3; i++) if (a.release[i] !== b.release[i]) return a.release[i]! > b.release[i]!;
  return false;
}

/**
 * What is wrong with a `--pipecat` value, or undefined when it can be a project's floor.
 *
 * @param value the value given (any parsed type)
 * @param floor the lowest accepted version (default {@link PIPECAT_FLOOR})
 * @returns a problem in words, without the flag's name (the caller names `--pipecat` or the key)
 */
export function pipecatVersionProblem(value: unknown, floor: string = PIPECAT_FLOOR): string | undefined {
  if (typeof value !== 'string') return `must be a pipecat-ai version such as ${floor}`;
  const v = parsePipecatVersion(value);
  if (!v)
    return `must be a pipecat-ai version X.Y.Z (e.g. 1.9.0; rc1, .post1, .dev1 suffixes allowed), got ${JSON.stringify(value.slice(0, 40))}`;
  if (compareVersions(v, parsePipecatVersion(floor)!) < 0)
    return `${value} is lower than the project's pipecat-ai floor ${floor}: the floor can only be raised`;
  return undefined;
}
