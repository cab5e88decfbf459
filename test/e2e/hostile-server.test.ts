/**
 * Nothing the platform says can take over the terminal: every `pipecat cloud` leaf (the list of
 * test/helpers/cloud-leaves.ts, shared with the output contract) runs against a hostile server
 * (test/helpers/hostile-server.ts: the emulator's answers with OSC 52, ESC[2J, OSC 8, a bare CR, a
 * colour from outside, U+009B, bidi controls, DEL, a line feed and a tab put into every string
 * field, or an error status whose body carries them), through pipes in rich, plain and json modes
 * and in a pseudo-terminal (`script`) in rich mode. Between the markers around each attack no
 * control character may reach the output, no line may start with the attack's forged line; in
 * plain and json modes none at all but line feeds; a json document stays one valid document whose
 * values equal what the server sent. No run may hang or print a stack trace. The counts are printed
 * in one summary line.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { BIN, cleanEnv, cleanup, runCli, spawnEmulator, tempDir, type EmulatorProcess } from '../cloud/helpers.js';
import { mapLimit } from '../helpers/cli.js';
import { argsOf, CLOUD_LEAVES, writeSampleProject } from '../helpers/cloud-leaves.js';
import { visibleField, visibleLines } from '../../generators/app/output/terminal-safe.js';
import { PAYLOAD, startHostileServer, type HostileServer } from '../helpers/hostile-server.js';

/** How a run is made: the output mode, and whether in a pseudo-terminal. */
type Mode = 'rich' | 'plain' | 'json' | 'rich-pty';
const MODES: readonly Mode[] = ['rich', 'plain', 'json', 'rich-pty'];
/** The modes attacked error bodies are tried in. */
const ERROR_MODES: readonly Mode[] = ['json', 'rich-pty'];

/** A run's outcome. */
interface Run {
  what: string;
  mode: Mode;
  code: number | null;
  stdout: string;
  stderr: string;
  hung: boolean;
  /** Milliseconds the run took. */
  ms: number;
}

/** Control characters of the issue: C0 but line feed and tab, DEL, C1, bidirectional controls. */
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g; // eslint-disable-line no-control-regex -- control characters are what is counted
/** A marked attack as printed: its number and what stands between the markers. */
const SHOWN = /<<H(\d+):([\s\S]*?):H\1>>/g;
/** Our own colour sequences (what rich mode may print outside the markers). */
const SGR = /\x1b\[[0-9;]*m/g; // eslint-disable-line no-control-regex -- the escape byte is what is matched
/** A stack trace line. */
const STACK = /^\s+at .+:\d+:\d+\)?$/m;
const RUN_MS = 20_000;

let home: string;
let work: string;
let emu: EmulatorProcess;
let env: NodeJS.ProcessEnv;
let inject: HostileServer;
let errors: HostileServer;
let buildId = '';

/**
 * Runs the binary through pipes (`pty` false; the emulator's token on stdin, for the commands that
 * read one) or in a pseudo-terminal made by `script`, where a prompt left waiting for a second gets
 * Ctrl-C (so a dialog is shown, then ends with exit 130).
 */
function runOnce(args: string[], opts: { env: NodeJS.ProcessEnv; pty: boolean }): Promise<Omit<Run, 'what' | 'mode'>> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const quoted = [process.execPath, BIN, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
    const child = opts.pty
      ? spawn('script', ['-qfec', quoted, '/dev/null'], { env: { ...opts.env, TERM: 'xterm' }, cwd: work, stdio: ['pipe', 'pipe', 'pipe'] })
      : spawn(process.execPath, [BIN, ...args], { env: opts.env, cwd: work, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let hung = false;
    let idle: NodeJS.Timeout | undefined;
    const poke = () => {
      clearTimeout(idle);
      if (opts.pty) idle = setTimeout(() => child.stdin.write('\x03'), 1000);
    };
    child.stdout.on('data', (d) => {
      stdout += d;
      poke();
    });
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => {
      hung = true;
      child.kill('SIGKILL');
    }, RUN_MS);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      clearTimeout(idle);
      resolve({ code, stdout, stderr, hung, ms: Date.now() - started });
    });
    if (opts.pty) poke();
    else child.stdin.end(emu.token);
  });
}

/** The arguments of a leaf for the hostile runs: the build the setup made in place of a sample id. */
function hostileArgs(words: string): string[] {
  const args = argsOf(CLOUD_LEAVES.find((l) => l.words === words)!)!;
  return args.map((a) => (a === 'no-such-build' ? buildId : a));
}

/** Runs one leaf in one mode against one server. */
async function runLeaf(words: string, mode: Mode, server: HostileServer): Promise<Run> {
  const output = mode === 'rich-pty' ? 'rich' : mode;
  const runEnv: NodeJS.ProcessEnv = { ...env, PIPECAT_API_HOST: server.url, FORCE_COLOR: '1', PIPECAT_MAX_ATTEMPTS: '1' };
  delete runEnv.NO_COLOR;
  const r = await runOnce(['cloud', ...hostileArgs(words), '--output', output], { env: runEnv, pty: mode === 'rich-pty' });
  return { ...r, what: `${words} (${mode})`, mode };
}

/** What one run let through. */
interface Leaks {
  /** Control characters between markers, or (plain, json) anywhere but a line feed. */
  bytes: number;
  /** Lines starting with the attack's forged text. */
  forged: number;
  /** Attacks printed (marker numbers seen). */
  shown: number[];
  /** JSON mode: not one document, or a value not equal to what was sent. */
  jsonBroken: number;
}

/** Counts what one run let through (see {@link Leaks}). */
function leaksOf(r: Run): Leaks {
  const text = r.stdout + r.stderr;
  const shown: number[] = [];
  let bytes = 0;
  // In a pseudo-terminal a line feed is written as CR LF by the terminal itself.
  const own = r.mode === 'rich-pty' ? text.replace(/\r\n/g, '\n') : text;
  const outside = own.replace(SHOWN, (_m, n: string, inner: string) => {
    shown.push(Number(n));
    bytes += insideControls(inner.replace(/\r\n/g, '\n'));
    return '';
  });
  if (r.mode === 'plain' || r.mode === 'json') bytes += (outside.match(CONTROL) ?? []).length;
  if (r.mode === 'rich') bytes += (outside.replace(SGR, '').match(CONTROL) ?? []).length;
  const forged = (own.match(/(^|\n)FORGED/g) ?? []).length;
  return { bytes, forged, shown, jsonBroken: r.mode === 'json' ? jsonBroken(r.stdout) : 0 };
}

/**
 * Control characters between markers. A line feed and a tab count too, unless the text was shown
 * as lines (a log line, an error body: the forged line indented, its tab kept).
 */
function insideControls(inner: string): number {
  const asLines = inner.replace(/\n {2,}FORGED line\tTAB$/, ' FORGED line TAB');
  return (asLines.match(CONTROL) ?? []).length + (asLines.match(/[\n\t]/g) ?? []).length;
}

/**
 * 1 when stdout is not one JSON document or a marked value differs from what was sent, else 0. The
 * prose of an error document (`error.message`, `problems`, `details`: our sentences quoting the
 * platform) may hold the attack in its visible form instead; every other value must be equal.
 */
function jsonBroken(stdout: string): number {
  let doc: { error?: { message?: unknown; problems?: unknown; details?: unknown } };
  try {
    doc = JSON.parse(stdout) as typeof doc;
  } catch {
    return 1;
  }
  const visible = new Set([PAYLOAD, visibleField(PAYLOAD), visibleLines(PAYLOAD)]);
  let bad = 0;
  const walk = (v: unknown, prose: boolean): void => {
    if (typeof v === 'string') for (const m of v.matchAll(SHOWN)) if (m[2] !== PAYLOAD && !(prose && visible.has(m[2]))) bad++;
    if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) walk(x, prose || (v === doc.error && ['message', 'problems', 'details'].includes(k)));
  };
  walk(doc, false);
  return bad ? 1 : 0;
}

beforeAll(async () => {
  home = await tempDir('pipecat-hostile-home-');
  work = await tempDir('pipecat-hostile-work-');
  env = cleanEnv(home);
  emu = await spawnEmulator(['--build-ms', '50', '--deploy-ms', '50'], env);
  env = cleanEnv(home, { PIPECAT_API_HOST: emu.url, PIPECAT_TOKEN: emu.token, PIPECAT_ORG: emu.org });
  await writeSampleProject(work);
  const run = (args: string[]) => runCli(['cloud', ...args], { env, cwd: work, timeoutMs: 30_000 });
  expect((await run(['secrets', 'set', 'voice-bot-secrets', 'OPENAI_API_KEY=sk-hostile', '--skip'])).code).toBe(0);
  expect((await run(['deploy', '--yes', '--no-preflight'])).code).toBe(0);
  expect((await run(['organizations', 'keys', 'create', 'hostile-key', '--default'])).code).toBe(0);
  expect((await run(['agent', 'start', 'voice-bot', '--json'])).code).toBe(0);
  const builds = JSON.parse((await run(['build', 'list', '--json'])).stdout) as unknown;
  buildId = /"(?:id|buildId)":"([^"]+)"/.exec(JSON.stringify(builds))?.[1] ?? 'no-such-build';
  inject = await startHostileServer(emu.url, 'inject');
  errors = await startHostileServer(emu.url, 'errors');
}, 120_000);

afterAll(async () => {
  await inject?.close();
  await errors?.close();
  await emu?.stop();
  await cleanup(home, work);
});

describe('a hostile server cannot reach the terminal', () => {
  test('every cloud leaf, every mode, pipes and a pseudo-terminal: 0 control bytes passed', async () => {
    const started = Date.now();
    // Attacked answers in every mode; attacked error bodies (one error path, the same in every mode)
    // in json (the document) and in a pseudo-terminal (rich), to keep the suite within its budget.
    const jobs = CLOUD_LEAVES.flatMap((l) => [
      ...MODES.map((m) => [l.words, m, inject] as const),
      ...ERROR_MODES.map((m) => [l.words, m, errors] as const),
    ]);
    const runs = await mapLimit(jobs, 4, ([w, m, s]) => runLeaf(w, m, s));
    const problems: string[] = [];
    const printed = new Set<string>();
    let bytes = 0;
    for (const r of runs) {
      const l = leaksOf(r);
      bytes += l.bytes;
      for (const n of l.shown)
        printed.add((r.stdout + r.stderr).includes('error-body') ? 'error-body' : (inject.sent.get(n) ?? errors.sent.get(n) ?? '?'));
      if (l.bytes || l.forged || l.jsonBroken)
        problems.push(
          `${r.what}: ${l.bytes} control bytes, ${l.forged} forged lines, json broken ${l.jsonBroken}\n${JSON.stringify(r.stdout + r.stderr).slice(0, 600)}`,
        );
      if (r.hung) problems.push(`${r.what}: no exit within ${RUN_MS} ms`);
      if (STACK.test(r.stdout + r.stderr)) problems.push(`${r.what}: stack trace`);
    }
    const hangs = runs.filter((r) => r.hung).length;
    const stacks = runs.filter((r) => STACK.test(r.stdout + r.stderr)).length;
    const fields = new Set([...inject.fields, ...errors.fields]);
    console.log(
      `hostile server: ${fields.size} fields attacked (${printed.size} printed), ${CLOUD_LEAVES.length} commands, ${MODES.length} modes, ` +
        `${runs.length} runs, ${problems.length} problems, ${inject.sent.size + errors.sent.size} attacks sent, ${bytes} control bytes passed, ${hangs} hangs, ${stacks} stack traces, ` +
        `${Math.round((Date.now() - started) / 1000)} s`,
    );
    if (process.env.HOSTILE_DUMP) writeFileSync(process.env.HOSTILE_DUMP, JSON.stringify(runs, null, 1));
    expect(problems).toEqual([]);
  }, 600_000);
});
