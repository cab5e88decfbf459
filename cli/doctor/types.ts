/**
 * Shapes of `pipecat doctor`'s findings: what is wrong, where, what to do, and (for the mechanical
 * ones) the repair `--fix` makes. Each check module returns findings of these shapes; the command
 * words them for people or prints them as one JSON document (`--json`).
 */

/** Where a finding is: a project file (and line when the problem is on one), or a Cloud secret set. */
export type FindingPlace =
  | { readonly path: string; readonly line?: number }
  /** A Pipecat Cloud secret set (`doctor --cloud [SET]`): names only, never values. */
  | { readonly set: string };

/** A repair `pipecat doctor --fix` can make: the new contents of one project file (through the staging journal). */
export interface Repair {
  /** Project-relative path of the file the repair rewrites. */
  readonly path: string;
  /** One line in words, shown before applying (`add CARTESIA_API_KEY= to server/.env.example`). */
  readonly describe: string;
  /** The file's text after this repair, given the text before (repairs of one file compose in order). */
  readonly apply: (text: string) => string;
}

/** One thing wrong with a project. */
export interface Finding {
  /** Stable id of the check (`env-missing`, `extra-unused`, `deprecated`, `dockerignore-env` …): docs/doctor.md lists each. */
  readonly check: string;
  /** What is wrong, in one sentence (names only: never a secret value). */
  readonly message: string;
  readonly where: FindingPlace;
  /** What to do about it. */
  readonly fix: string;
  /** Present when `--fix` can repair it mechanically. */
  readonly repair?: Repair;
}
