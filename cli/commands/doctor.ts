/**
 * `pipecat doctor [DIR]`: check that a project's code, configuration and secrets agree (the name
 * `expo doctor`, `flutter doctor` and `brew doctor` made familiar; docs/doctor.md).
 *
 * The server code is the truth: it is read once by the one reader (`generators/app/code/`), and
 * each group of checks (`cli/doctor/checks.ts`) compares `.env.example`, `.env`, `pyproject.toml`,
 * `pcc-deploy.toml`, the Dockerfile, `.dockerignore` and the client with it; `--cloud [SET]` also
 * compares the Pipecat Cloud secret set (key names only). Each finding says where (`file:line`, the
 * file, or the secret set), what is wrong and what to do. `--fix` makes the mechanical repairs
 * through the staging journal, all or nothing, after asking at a terminal (`-y/--yes`: without
 * asking).
 *
 * The project is found from DIR (default: the current folder) or any folder inside it: the nearest
 * folder holding our `.yo-rc.json`, else one holding `pcc-deploy.toml` or a `pyproject.toml` that
 * depends on pipecat-ai (`cli/doctor/project.ts`).
 *
 * Exit codes: 0 healthy, 1 findings (after `--fix`: findings left), 2 usage (DIR not a folder, no
 * project, no Python to read the code, `--fix` without a terminal and without `--yes`), 4 not
 * logged in (`--cloud`), 129/130/143 stopped by a signal (during `--fix`: nothing changed).
 */
import type { Argv, CommandModule } from 'yargs';
import { canPrompt, confirm } from '../dialogs.js';
import { CancelledError, UserError } from '../errors.js';
import { visibleControls } from '../../generators/app/output/terminal-safe.js';
import type { Finding } from '../doctor/types.js';
import type { CommandContext } from './context.js';
import { writeStderr, writeStdout } from '../../generators/app/output/sinks.js';

/** Parsed arguments of `pipecat doctor`. */
interface DoctorArgs extends CommandContext {
  directory?: string;
  json?: boolean;
  fix?: boolean;
  yes?: boolean;
  /** `--cloud` alone is `''`: the set of pcc-deploy.toml. */
  cloud?: string;
  organization?: string;
}

/** The collaborators of the handler (the binary passes the process's; a test may pass its own). */
interface DoctorIO {
  out: (text: string) => void;
  err: (text: string) => void;
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Whether `--fix` can ask (stdin and stderr are terminals). */
  interactive: () => boolean;
  confirm: typeof confirm;
  setExitCode: (code: number) => void;
}

/** The process's collaborators. */
function processDoctorIO(): DoctorIO {
  return {
    out: writeStdout,
    err: writeStderr,
    cwd: process.cwd(),
    env: process.env,
    interactive: () => canPrompt(),
    confirm,
    setExitCode: (code) => {
      process.exitCode = code;
    },
  };
}

/** The exit-code line of `--help` and docs/doctor.md. */
const DOCTOR_EXIT_CODES =
  'Exit codes: 0 healthy, 1 findings (after --fix: findings left), 2 bad usage, DIR not a folder, no project found, ' +
  'no Python to read the code with, or --fix without a terminal and without --yes, 4 not logged in (--cloud), ' +
  '129 stopped by SIGHUP, 130 cancelled or interrupted, 143 stopped by SIGTERM (during --fix: nothing changed).';

const DESCRIBE = "Check that a project's code, .env.example, dependencies, deploy files, client and secrets agree";

function builder(yargs: Argv): Argv {
  return yargs
    .usage(
      '$0 doctor [DIR] [options]\n\nCheck a Pipecat project, generated or not: the server code is read once, and .env.example, .env, ' +
        'pyproject.toml, pcc-deploy.toml, the Dockerfile, .dockerignore and the client are compared with it. ' +
        'Each finding says where (file:line), what is wrong and what to do.',
    )
    .positional('directory', { type: 'string', describe: 'The project folder, or any folder inside it (default: the current folder)' })
    .option('json', {
      type: 'boolean',
      describe: 'Print one JSON document on stdout: {project, healthy, findings: [{check, message, where, fix, fixable}]}',
    })
    .option('fix', {
      type: 'boolean',
      describe: 'Make the mechanical repairs (missing or unused .env.example lines and extras, .dockerignore), after asking',
    })
    .option('yes', { alias: 'y', type: 'boolean', describe: 'With --fix: repair without asking (needed without a terminal)' })
    .option('cloud', {
      type: 'string',
      describe:
        "Also check the Pipecat Cloud secret set SET (default: pcc-deploy.toml's secret_set) holds every key the deployed bot needs (names only)",
    })
    .option('organization', {
      type: 'string',
      requiresArg: true,
      describe: 'With --cloud: the organisation (default as for pipecat cloud)',
    })
    .example('$0 doctor', 'check the project holding the current folder')
    .example('$0 doctor --fix', 'check, then repair what can be repaired (asks first)')
    .example('$0 doctor my-bot --json', 'the findings as JSON, for CI')
    .example('$0 doctor --cloud', "also check pcc-deploy.toml's secret set on Pipecat Cloud")
    .epilogue(`Every check: docs/doctor.md.\n\n${DOCTOR_EXIT_CODES}`);
}

/** The `doctor` command module with the given collaborators. */
function createDoctorCommand(io: () => DoctorIO = processDoctorIO): CommandModule {
  return {
    command: 'doctor [directory]',
    describe: DESCRIBE,
    builder,
    handler: (argv) => runDoctor(argv as DoctorArgs, io()),
  };
}

/** The `doctor` command module of the binary. */
export const doctorCommand: CommandModule = createDoctorCommand();

/**
 * Every finding of the project: the checks, and the secret set with `--cloud`.
 *
 * @param from where to look (`dir`, default the current folder), the server code to check in
 *   place of the files on disk (`code`: project-relative path → text), and the reader the entry
 *   started (`headStart`, first reading only)
 */
async function findingsOf(
  argv: DoctorArgs,
  io: DoctorIO,
  from: { dir?: string; code?: Readonly<Record<string, string>>; headStart?: CommandContext['readerHeadStart'] },
): Promise<{ root: string; findings: Finding[] }> {
  const { findDoctorProject, readDoctorProject } = await import('../doctor/project.js');
  // The reading (a Python process) starts before the checks' modules load.
  const reading = findDoctorProject(from.dir, io.cwd).then(
    (place) => readDoctorProject(place, from.code, from.headStart),
    (err: unknown) => {
      from.headStart?.discard();
      throw err;
    },
  );
  reading.catch(() => undefined);
  const { runChecks } = await import('../doctor/checks.js');
  const project = await reading;
  const findings = await runChecks(project);
  if (argv.cloud !== undefined) {
    const [{ cloudChecks, cloudSetName }, { openSession }] = await Promise.all([import('../doctor/cloud.js'), import('./cloud/common.js')]);
    const set = await cloudSetName(project, argv.cloud || undefined);
    const session = await openSession({ organization: argv.organization }, io.env);
    findings.push(...(await cloudChecks(project, set, session)));
  }
  return { root: project.root, findings };
}

/**
 * `--fix`: show the repairs, ask (or take `--yes`), apply them all or nothing.
 *
 * @returns the repairs made, in words (empty when there were none, or the user said no)
 * @throws UserError (exit 2) without a terminal and without `--yes`; CancelledError (130) on Ctrl-C
 */
async function fix(argv: DoctorArgs, io: DoctorIO, root: string, findings: readonly Finding[]): Promise<string[]> {
  const { applyRepairs, plannedRepairs } = await import('../doctor/fix.js');
  // The code's own repairs (pipecat's moves and renames) come first; the rest is found again on the
  // code as they leave it, so a moved import's extras are judged on the new module in this one run.
  const inCode = (f: Finding): boolean => f.repair?.path.endsWith('.py') === true;
  const code = plannedRepairs(root, findings.filter(inCode));
  const rest = code.length
    ? (await findingsOf(argv, io, { dir: argv.directory, code: Object.fromEntries(code.map((f) => [f.path, f.contents])) })).findings
    : findings;
  const files = [
    ...code,
    ...plannedRepairs(
      root,
      rest.filter((f) => !inCode(f)),
    ),
  ];
  const lines = files.flatMap((f) => f.repairs.map((r) => r.describe));
  if (!lines.length) {
    io.err('nothing --fix can repair\n');
    return [];
  }
  io.err(visibleControls(`pipecat doctor --fix will:\n${lines.map((l) => `  - ${l}\n`).join('')}`));
  if (!argv.yes) {
    if (!io.interactive()) throw new UserError('--fix: no terminal to ask at; pass --yes to repair without asking (nothing was changed)');
    let ok: boolean;
    try {
      ok = await io.confirm(`Make ${lines.length === 1 ? 'this repair' : `these ${lines.length} repairs`}?`, { default: true });
    } catch (err) {
      if (err instanceof CancelledError) throw new CancelledError('cancelled: nothing was changed');
      throw err;
    }
    if (!ok) {
      io.err('nothing was changed\n');
      return [];
    }
  }
  await applyRepairs(root, files);
  io.err(`repaired ${files.length} ${files.length === 1 ? 'file' : 'files'}: ${files.map((f) => f.path).join(', ')}\n`);
  return lines;
}

/**
 * `pipecat doctor`: find the project, run the checks, print the findings; with `--fix`, repair and
 * report what is left.
 *
 * @throws UserError (exit 2) for a DIR that is no folder, no project, `--fix` without a way to ask;
 *   PythonNotFoundError (exit 2); NotLoggedInError (exit 4) with `--cloud`
 */
async function runDoctor(argv: DoctorArgs, io: DoctorIO): Promise<void> {
  if (argv.yes && !argv.fix) throw new UserError('--yes: only with --fix (doctor changes nothing without it)');
  if (argv.organization !== undefined && argv.cloud === undefined) throw new UserError('--organization: only with --cloud');
  const { doctorDocument, humanReport } = await import('../doctor/report.js');
  let { root, findings } = await findingsOf(argv, io, { dir: argv.directory, headStart: argv.readerHeadStart });
  let fixed: string[] | undefined;
  if (argv.fix) {
    if (!argv.json) io.err(humanReport(root, findings));
    fixed = await fix(argv, io, root, findings);
    if (fixed.length) ({ root, findings } = await findingsOf(argv, io, { dir: argv.directory }));
  }
  if (argv.json) io.out(visibleControls(JSON.stringify(doctorDocument(root, findings, fixed), null, 2)) + '\n');
  else if (!argv.fix || fixed?.length) io.err(humanReport(root, findings));
  if (findings.length) io.setExitCode(1);
}
