/**
 * The report of `npm run bench` (bench/run.ts): one row per measurement with its median, its ratio
 * to the reference, the required and stretch targets and a verdict, rendered as a table.
 */

/** One line of the report. */
export interface Row {
  label: string;
  /** Median in ms (or the measured value for ratio-only rows). */
  ms?: number;
  unit?: 'ms' | 's' | 'MB';
  ratio?: number;
  /** `le`: the ratio must be at most the targets; `ge`: at least. */
  sense?: 'le' | 'ge';
  required?: number;
  stretch?: number;
  note?: string;
  /** How the ratio and targets are written when they are absolute (` MB`, ` s`, ` packages`); default `×`. */
  suffix?: string;
}

function fmtTime(ms: number, unit: Row['unit'] = 'ms'): string {
  if (unit === 'MB') return `${(ms / 1e6).toFixed(2)} MB`;
  return ms >= 10_000 || unit === 's' ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}

function verdict(r: Row): string {
  if (r.ratio === undefined || r.required === undefined || r.stretch === undefined) return '';
  const ok = (t: number) => (r.sense === 'ge' ? r.ratio! >= t : r.ratio! <= t);
  if (ok(r.stretch)) return 'met (stretch met)';
  return ok(r.required) ? 'met (stretch missed)' : 'MISSED';
}

export function render(rows: Row[]): string {
  const head = ['what', 'median', 'ratio', 'required', 'stretch', 'verdict'];
  const cells = rows.map((r) => {
    const op = r.sense === 'ge' ? '≥' : '≤';
    return [
      r.label,
      r.ms === undefined ? '' : fmtTime(r.ms, r.unit),
      r.ratio === undefined ? '' : `${r.ratio.toFixed(r.suffix === ' packages' ? 0 : 2)}${r.suffix ?? '×'}`,
      r.required === undefined ? '' : `${op} ${r.required}${r.suffix ?? '×'}`,
      r.stretch === undefined ? '' : `${op} ${r.stretch}${r.suffix ?? '×'}`,
      r.note ?? verdict(r),
    ];
  });
  const widths = head.map((h, c) => Math.max(h.length, ...cells.map((row) => row[c].length)));
  const line = (row: string[]) =>
    row
      .map((cell, c) => (c === 0 || c === row.length - 1 ? cell.padEnd(widths[c]) : cell.padStart(widths[c])))
      .join('  ')
      .trimEnd();
  return [line(head), ...cells.map(line)].join('\n');
}

/** Medians by sample name (`bare`, `help`, `init`, …), undefined for a row not measured. */
type Medians = (key: string) => number | undefined;

/**
 * The rows of the process timings against bare `node -e 0`: start-up, init, update, doctor and the wizard.
 *
 * @param m medians by sample name
 * @param wizard `measured`, or why the wizard row is missing (`tmux`: not installed; `off`: --no-wizard)
 */
export function timingRows(m: Medians, wizard: 'measured' | 'tmux' | 'off'): Row[] {
  const bare = m('bare')!;
  /** `--help` within 1.3× of bare node (prebuilt by the build, so it loads no yargs); the others 1.5×. */
  const startupRow = (label: string, k: string, required = 1.5): Row => ({
    label,
    ms: m(k),
    ratio: m(k)! / bare,
    sense: 'le',
    required,
    stretch: 1.2,
  });
  const rows: Row[] = [
    { label: 'bare node -e 0', ms: bare, ratio: 1 },
    startupRow('pipecat --help', 'help', 1.3),
    startupRow('pipecat --version', 'version'),
    startupRow('pipecat init --list-options', 'list'),
    // Issue 35: ≤ 3.0× (stretch 2.5×), the Yeoman generator still running init.
    { label: 'pipecat init (full, cascade web)', ms: m('init'), ratio: m('init')! / bare, sense: 'le', required: 3, stretch: 2.5 },
    {
      label: 'pipecat update (no change)',
      ms: m('update'),
      ratio: m('update')! / bare,
      note: 'no Yeoman; compare with an earlier run',
    },
    { label: 'pipecat doctor (healthy project)', ms: m('doctor'), ratio: m('doctor')! / bare, note: 'reads the code with Python once' },
    { label: '  doctor / full init', ratio: m('doctor')! / m('init')!, sense: 'le', required: 1.5, stretch: 1 },
  ];
  if (wizard === 'measured') {
    rows.push(
      { label: 'bare node, first byte in tmux', ms: m('tmux-bare'), ratio: m('tmux-bare')! / bare, note: "reference: the pane's own cost" },
      { label: 'wizard, first question in tmux', ms: m('wizard'), ratio: m('wizard')! / bare, sense: 'le', required: 9, stretch: 3.5 },
    );
  } else if (wizard === 'tmux') {
    rows.push({ label: 'wizard, first question in tmux', note: 'skipped: tmux (or mkfifo) is not installed' });
  }
  return rows;
}

/** The rows of `secrets set` (ours, the one-PUT-per-key baseline, the speed-up). */
export function secretsRows(m: Medians, keys: number): Row[] {
  const so = m('secrets-ours')!;
  const sb = m('secrets-base')!;
  return [
    { label: `secrets set ${keys} keys, 20 ms latency`, ms: so, unit: 's', note: 'ours (one process, end to end)' },
    { label: `  baseline: 1 PUT per key, serially`, ms: sb, unit: 's', note: 'bench/put-baseline.ts' },
    { label: '  speed-up over the baseline', ratio: sb / so, sense: 'ge', required: 6, stretch: 8 },
  ];
}

/** Medians of one cold install's measures (see bench/measure.ts `coldInstall`). */
export interface InstallMedians {
  ms: number;
  bytes: number;
  packages: number;
}

/** The rows of the cold install (ours against create-vite), or the line saying why it was skipped. */
export function installRows(installs: { ours: InstallMedians; vite: InstallMedians } | { skipped: string }): Row[] {
  if ('skipped' in installs) return [{ label: 'cold install of the packed package', note: `skipped: ${installs.skipped}` }];
  const { ours, vite } = installs;
  return [
    { label: 'cold install of the packed package', ms: ours.ms, unit: 's', note: 'npm install <tarball>, fresh cache' },
    { label: '  npm install create-vite', ms: vite.ms, unit: 's', note: 'the same, create-vite from the registry' },
    { label: '  time, ours / create-vite', ratio: ours.ms / vite.ms, sense: 'le', required: 4, stretch: 2 },
    { label: '  installed size', ratio: ours.bytes / 1e6, suffix: ' MB', sense: 'le', required: 15, stretch: 5 },
    { label: '  create-vite installed size', ms: vite.bytes, unit: 'MB', note: 'reference' },
    { label: '  packages installed', ratio: ours.packages, suffix: ' packages', sense: 'le', required: 10, stretch: 10 },
    { label: '  create-vite packages', ratio: vite.packages, suffix: ' packages', note: 'reference' },
  ];
}

/** The row of the fast test tier's wall time (`--tests`). */
export function testsRow(ms: number, summary: string): Row {
  return { label: `npm test wall (jest: ${summary})`, ratio: ms / 1000, suffix: ' s', sense: 'le', required: 180, stretch: 90 };
}
