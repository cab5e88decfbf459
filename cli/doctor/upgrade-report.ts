/**
 * The report `pipecat update --pipecat VERSION` prints once the project is updated: the findings
 * of `pipecat doctor`'s `deprecated` check ({@link deprecationChecks}) on the project's server code
 * as it now stands, read by the one reader (`generators/app/code/reader.ts`), with a note when
 * VERSION's release is newer than that of the registry shipped (`python/pipecat-data.json`, pipecat
 * 1.8.0-dev `acead05`): what pipecat deprecated since is not in the data.
 *
 * Source: issue "`pipecat update --pipecat VERSION` raises the floor and runs the same report";
 * docs/updating.md.
 */
import { pipecatData, readServerCode } from '../../generators/app/code/reader.js';
import { newerRelease, parsePipecatVersion } from '../../generators/app/config/pipecat-version.js';
import { visibleControls } from '../../generators/app/output/terminal-safe.js';
import { deprecationChecks, deprecationReport } from './deprecations.js';

/** What {@link upgradeReport} reads. */
interface UpgradeReportRequest {
  /** The project root (absolute). */
  readonly root: string;
  /** The project's server folder, relative to the root (`server` for a generated project). */
  readonly serverDir: string;
  /** The `--pipecat` version the floor was raised to. */
  readonly version: string;
}

/**
 * The deprecation report of a project after `update --pipecat`.
 *
 * @param req the project and the version given
 * @returns the report's text for stderr (lines ending in `\n`)
 * @throws PythonNotFoundError (exit 2) when no Python can run the reader; CodeReadError (exit 1)
 *   when the reader fails
 */
export async function upgradeReport(req: UpgradeReportRequest): Promise<string> {
  const reading = await readServerCode({ root: req.root, serverDir: req.serverDir });
  const source = pipecatData().pipecat;
  const target = parsePipecatVersion(req.version);
  const data = parsePipecatVersion(source.version.replace(/-dev$/, '.dev0'));
  const older = target && data && newerRelease(target, data) ? req.version : undefined;
  return visibleControls(deprecationReport(deprecationChecks({ reading }), source, older));
}
