/**
 * The official CLI's one-dash long spellings of `deploy` flags, which yargs cannot parse as one
 * flag (it reads `-min` as `-m -i -n`): rewritten to their long forms before parsing, only in a
 * `cloud deploy` command line and only as whole tokens, so no other flag changes meaning.
 *
 * Source: pipecatcloud `cli/commands/deploy.py` (`--min-agents/-min`, `--max-agents/-max`,
 * `--enable-krisp/-krisp`, `--no-credentials/-nc`).
 */

/** One-dash spelling -> the long flag this tool parses. */
const OFFICIAL_DEPLOY_SHORT_FORMS: Readonly<Record<string, string>> = {
  '-min': '--min-agents',
  '-max': '--max-agents',
  '-krisp': '--enable-krisp',
  '-nc': '--no-credentials',
};

/**
 * The arguments with the official one-dash spellings of a `cloud deploy` command line written
 * long (`-min 2` and `-min=2` become `--min-agents 2` and `--min-agents=2`); any other command
 * line, and anything after `--`, unchanged.
 *
 * @param argv arguments after the executable, e.g. `['cloud', 'deploy', '-min', '1']`
 */
export function officialDeployShortForms(argv: readonly string[]): string[] {
  const words = argv.filter((a) => !a.startsWith('-'));
  if (words[0] !== 'cloud' || words[1] !== 'deploy') return [...argv];
  const start = argv.indexOf('deploy') + 1;
  const end = argv.indexOf('--') === -1 ? argv.length : argv.indexOf('--');
  return argv.map((a, i) => {
    if (i < start || i >= end) return a;
    const [flag, ...value] = a.split('=');
    const long = Object.prototype.hasOwnProperty.call(OFFICIAL_DEPLOY_SHORT_FORMS, flag) ? OFFICIAL_DEPLOY_SHORT_FORMS[flag] : undefined;
    return long === undefined ? a : [long, ...value].join('=');
  });
}
