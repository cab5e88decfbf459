/**
 * The runtime tier's Node side: turn a generated project into a session spec for the Python harness
 * (test/runtime/python/rt/main.py) and run it on pipecat's own code.
 *
 * Where pipecat comes from: `PIPECAT_SRC` or the shared folder (test/helpers/shared.ts), else a
 * `pipecat` importable by `python3` (`pip install pipecat-ai==1.7.0`). Either way the stand-ins in
 * test/runtime/python/standins/ come first on the path and the recording fakes are installed first
 * on `sys.meta_path`, so vendor SDKs are faked even when real ones are installed.
 */
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { serviceRecord } from '../../generators/app/catalogue/all-records.js';
import { ALL_SERVICES, SERVICES_BY_ROLE, TRANSPORTS } from '../../generators/app/catalogue/catalogue.js';
import type { RuntimeLayer, TransportDefinition } from '../../generators/app/catalogue/types.js';
import { ROOT } from '../helpers/cli.js';
import { resolvedArgs, runtimeMatrix } from '../helpers/matrix.js';
import { pipecatSrc } from '../helpers/shared.js';

/** The harness's Python folder (holds `rt/` and `standins/`). */
export const PY_DIR = join(ROOT, 'test', 'runtime', 'python');

/** One scripted session: which transport, which driver plays the client, and the kind of call. */
export interface SessionSpec {
  transport: string;
  driver: string;
  call: 'web' | 'phone' | 'dialout' | 'eval';
  /**
   * What the session plays instead of the ordinary conversation (greeting, one user turn, answer,
   * hang-up): the name of a module in test/runtime/python/rt/scenarios/ (e.g. `barge-in` is
   * `rt/scenarios/barge_in.py`). The session is then named `transport/variant:scenario`.
   */
  scenario?: string;
  /** Run only in this environment variant (default: every variant of the spec). */
  variant?: 'required' | 'all';
  /** For the `rejected` scenario: the role whose vendor refuses and the variable the bot must name. */
  reject?: ProjectSpec['reject'];
}

/**
 * How many sessions a spec runs: each session once per variant, or once when it names its own
 * variant (and the spec has it).
 */
export function sessionCount(spec: Pick<ProjectSpec, 'sessions' | 'variants'>): number {
  return spec.sessions.reduce((n, s) => n + (s.variant ? (spec.variants.includes(s.variant) ? 1 : 0) : spec.variants.length), 0);
}

/**
 * The session of a project generated with `--eval`: `bot()` with the runner arguments of
 * `uv run bot.py -t eval`, driven by pipecat's own eval harness through the project's scenarios
 * (rt/evals.py).
 */
export const EVAL_SESSION: SessionSpec = { transport: 'eval', driver: 'eval', call: 'eval' };

/** The spec rt/main.py reads (see its module docstring). */
export interface ProjectSpec {
  project: string;
  mode: 'cascade' | 'realtime';
  tts_rates: { rates: readonly number[]; fixed: boolean; source: string } | null;
  /**
   * The features whose traces a session checks (rt/main.py `_check_features`, rt/traces.py):
   * transcript lines, a recording, an avatar's video, the Krisp filter on the user's audio (on
   * Pipecat Cloud), Whisker's observer (local runs) and the user's camera in the pipeline.
   */
  features: {
    transcription: boolean;
    recording: boolean;
    avatar: boolean;
    noisecancel: boolean;
    observability: boolean;
    video_input: boolean;
  };
  sessions: SessionSpec[];
  variants: string[];
  /**
   * Also read the generated server's Python files against pipecat's deprecation registry
   * (the product reader, python/pipecat_reader.py): one more result, session `deprecations`, listing every use as
   * `server/file.py:line: subject (kind, deprecated in V): message`.
   */
  deprecations?: boolean;
  /**
   * The vendor of this role refuses the credentials (rt/reject.py): each session must end by
   * itself soon after, logging a line that names `variable`.
   */
  reject?: { role: 'stt' | 'llm' | 'tts' | 'realtime' | 'video'; variable: string };
}

/** One session's result as rt/main.py prints it. */
export interface SessionResult {
  project: string;
  session: string;
  ok: boolean;
  problems: string[];
  tts_s?: number;
  sent_s?: number;
  secs?: number;
  /**
   * How each service was answered (rt/services.py `Script.patched`): `<how>:<pipecat class>`, e.g.
   * `sdk:OpenAILLMService`, `vendor-protocol:CartesiaTTSService`, `tts:RimeTTSService`.
   */
  patched?: string[];
  /** The failed session's flight recorder (pipecat's DEBUG-and-above records and the harness's steps), or null. */
  log?: string | null;
  /**
   * The most frames the monitor saw waiting in one frame processor's queues (sampled each second),
   * that processor, and the slowest worker-thread round trip in ms (rt/probe.py `Probe.monitor`).
   */
  backlog?: { frames: number; processor: string; thread_ms: number };
  /**
   * The event handlers the generated bot registered in this session and those that ran, each
   * `<class>.<event>` (e.g. `DailyTransport.on_dialout_error`; rt/handlers.py).
   */
  handlers?: { registered: string[]; called: string[] };
}

/**
 * Session counts by kind: the conversation, each scenario (the part after `:` in a session's name)
 * and the deprecation reading, each with how many passed.
 *
 * @param sessions every session result of a run
 * @returns e.g. `conversation 230 (230 ok), barge-in 52 (52 ok), deprecations 120 (120 ok)`
 */
export function sessionKinds(sessions: readonly SessionResult[]): string {
  const kinds = new Map<string, { all: number; ok: number }>();
  for (const s of sessions) {
    const kind = s.session === 'deprecations' ? 'deprecations' : (s.session.split(':')[1] ?? 'conversation');
    const k = kinds.get(kind) ?? { all: 0, ok: 0 };
    k.all++;
    if (s.ok) k.ok++;
    kinds.set(kind, k);
  }
  return [...kinds].map(([kind, k]) => `${kind} ${k.all} (${k.ok} ok)`).join(', ');
}

/**
 * Event handlers some session's bot registered that ran in no session: the matrix run's proof that
 * every handler a generated bot has is exercised.
 *
 * @param sessions every session result of the run
 * @returns the `<class>.<event>` names never triggered, each with a configuration that registered it, sorted
 */
export function untriggeredHandlers(sessions: readonly SessionResult[]): string[] {
  const called = new Set(sessions.flatMap((s) => s.handlers?.called ?? []));
  const where = new Map<string, string>();
  for (const s of sessions)
    for (const h of s.handlers?.registered ?? []) if (!called.has(h) && !where.has(h)) where.set(h, `${s.project} ${s.session}`);
  return [...where].map(([h, w]) => `${h} (registered in ${w})`).sort();
}

/**
 * Frames waiting in one processor from which a session counts as starved: 50 is a second of 20 ms
 * audio frames the pipeline has not caught up with, which a bot with the CPU it needs never shows
 * (a session alone peaks at 2-5).
 */
export const STARVED_FRAMES = 50;

/**
 * Why failed sessions failed for want of CPU rather than for what the bot does, or undefined: a
 * session whose pipeline fell {@link STARVED_FRAMES} frames behind real time (pipecat's VAD hands
 * every 20 ms of audio to a worker thread, so an oversubscribed machine slows the whole pipeline).
 *
 * @param failed the failed sessions of one configuration
 * @returns e.g. `smallwebrtc/required starved (786 frames waiting in LLMUserAggregator#0, thread round trip 80 ms)`
 */
export function starvedBy(failed: readonly SessionResult[]): string | undefined {
  const r = failed.find((f) => (f.backlog?.frames ?? 0) >= STARVED_FRAMES);
  if (!r?.backlog) return undefined;
  const b = r.backlog;
  return `${r.session} starved (${b.frames} frames waiting in ${b.processor}, thread round trip ${b.thread_ms} ms)`;
}

/**
 * The timeline of a failed session's flight recorder: the harness's steps and the records at
 * WARNING or above, each line `seconds level logger: message` (first line only).
 *
 * @param path the file rt/main.py wrote (`SessionResult.log`)
 * @param max lines kept, the latest ones
 * @returns the lines, or [] when the file cannot be read
 */
export function trailTimeline(path: string, max = 40): string[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return [];
  }
  const lines = text.split('\n').filter((l) => /^\s*[\d.]+ (HARNESS|WARNING|ERROR|CRITICAL)\b/.test(l));
  return lines.slice(-max).map((l) => l.slice(0, 240));
}

/**
 * The driver that plays a transport's client: the provider's media stream for phone providers,
 * a browser for SmallWebRTC, Daily and the plain WebSocket, Pipecat Cloud's dial-in body for Daily
 * PSTN dial-in, and the generated server.py's body for Daily dial-out and Twilio + Daily SIP. The
 * kind of call is the catalogue's `call`; runner transports are driven by the driver of the same
 * name (test/runtime/python/rt/main.py `Session.driver`).
 */
export function sessionFor(t: TransportDefinition): SessionSpec {
  if (t.flow === 'daily-server') {
    if (t.dialMode === 'dial-out')
      return { transport: t.id, driver: t.dialVia === 'sip' ? 'daily-dialout-sip' : 'daily-dialout-pstn', call: t.call };
    return { transport: t.id, driver: 'daily-sip-dialin', call: t.call };
  }
  if (t.runnerTransport === 'daily')
    return { transport: t.id, driver: t.dialMode === 'dial-in' ? 'daily-pstn-dialin' : 'daily', call: t.call };
  return { transport: t.id, driver: t.runnerTransport, call: t.call };
}

/** The configuration a generated project recorded (`.yo-rc.json`, key `generator-pipecat`), as the scenario rows read it. */
export type RecordedConfig = Record<string, unknown> & { mode: 'cascade' | 'realtime'; transports: string[] };

/**
 * A scenario the matrix plays beside the conversation: for each session of a configuration whose
 * transport and configuration `when` accepts, one more session playing `scenario`
 * (rt/scenarios/), in `variant` only.
 */
export interface ScenarioRow {
  scenario: string;
  variant: 'required' | 'all';
  /** Whether a session of transport `t` in configuration `config` also plays the scenario. */
  when: (t: TransportDefinition, config: RecordedConfig) => boolean;
  /** Further fields of the scenario's session (e.g. `reject`). */
  fields?: (t: TransportDefinition, config: RecordedConfig) => Partial<SessionSpec>;
}

/**
 * Services whose vendor the harness can make refuse the credentials, and their role: the
 * WebSocket vendors of rt/reject.py (`WEBSOCKET_VENDORS`) and Simli's SDK.
 */
export const REFUSABLE: Readonly<Record<string, NonNullable<ProjectSpec['reject']>['role']>> = {
  assemblyai_stt: 'stt',
  openai_responses_llm: 'llm',
  rime_tts: 'tts',
  xai_realtime: 'realtime',
  simli_video: 'video',
};

/**
 * The variable a bot's log line must name when the service's vendor refuses: its first required
 * variable (the API key).
 *
 * @throws Error when the catalogue lacks the service or it has no required variable
 */
export function requiredKey(service: string): string {
  const v = ALL_SERVICES.find((s) => s.id === service)?.env.find((e) => e.required);
  if (!v) throw new Error(`${service}: no required variable in the catalogue`);
  return v.name;
}

/** The refusal a configuration can play: its first {@link REFUSABLE} service, or undefined. */
export function refusalOf(config: RecordedConfig): ProjectSpec['reject'] {
  for (const [service, role] of Object.entries(REFUSABLE)) {
    if (config[`${role}_service`] === service) return { role, variable: requiredKey(service) };
  }
  return undefined;
}

/** A phone media stream (Twilio, Telnyx, Plivo, Exotel through the runner). */
const isStream = (t: TransportDefinition) => t.kind === 'telephony' && t.flow === 'runner' && !t.dialMode;

/** Whether transport `t` is a Daily call in direction `mode` (its session is played by a Daily driver). */
function dailyCall(t: TransportDefinition, mode: 'dial-in' | 'dial-out'): boolean {
  return t.dialMode === mode && sessionFor(t).driver.startsWith('daily');
}

/** What a barge-in pick reads of a configuration: recorded (`.yo-rc.json`) or read from `init` arguments. */
export type BargeInConfig = Pick<RecordedConfig, 'mode' | 'transports'> & {
  realtime_service?: unknown;
  tts_service?: unknown;
  video_service?: unknown;
};

/**
 * The configuration `pipecat init` arguments ask for, as the product's resolver records it
 * (test/helpers/matrix.ts `resolvedArgs`), read as {@link bargeInPicks} reads it.
 */
export function configOfArgs(args: readonly string[]): BargeInConfig {
  return resolvedArgs(args) as unknown as BargeInConfig;
}

/** The key of one session of a configuration: its content (mode, services, transports), not a sample's name. */
function bargeInKey(t: string, c: BargeInConfig): string {
  return [c.mode, c.realtime_service ?? c.tts_service, [...c.transports].sort().join('+'), t].join('|');
}

/**
 * Which sessions of a matrix play barge-in besides the phone-stream row: in the matrix's order
 * (realtime bots first), a configuration's transport is picked when its session covers a realtime service or a transport
 * (other than a phone stream, which the cascade row covers) that no earlier pick did. A cascade
 * or realtime bot qualifies, whatever its services; a bot with an avatar never (its video service
 * holds the audio back).
 *
 * @param configs the matrix's configurations, in order (e.g. {@link configOfArgs} of each sample)
 * @returns the picked sessions' keys, and what they cover (realtime services, transport ids)
 */
export function bargeInPicks(configs: readonly BargeInConfig[]): { keys: Set<string>; covered: Set<string> } {
  const keys = new Set<string>();
  const covered = new Set<string>();
  // Realtime bots first: one session of theirs can cover a service and a transport at once.
  const ordered = [...configs.filter((c) => c.mode === 'realtime'), ...configs.filter((c) => c.mode !== 'realtime')];
  for (const c of ordered) {
    if (c.video_service) continue;
    for (const id of c.transports) {
      const t = TRANSPORTS.find((x) => x.id === id);
      const service = c.mode === 'realtime' ? String(c.realtime_service) : undefined;
      const fresh = [service, t && !isStream(t) ? id : undefined].filter((x): x is string => !!x && !covered.has(x));
      if (!fresh.length) continue;
      fresh.forEach((x) => covered.add(x));
      keys.add(bargeInKey(id, c));
    }
  }
  return { keys, covered };
}

/** The sessions of the runtime matrix (test/helpers/matrix.ts) that {@link bargeInPicks} picks. */
const MATRIX_BARGE_IN: ReadonlySet<string> = bargeInPicks(runtimeMatrix().map((s) => configOfArgs(s.args))).keys;

/**
 * The scenarios the runtime matrix plays, one row each (see {@link ScenarioRow}). A refusal, and barge-in
 * (rt/scenarios/barge_in.py), `required` variant only: the phone stream of a cascade bot with one
 * stream and one web transport (the matrix's `phone-tts-*` samples, one per TTS over the four
 * stream providers), whatever its TTS (a vendor pipecat cannot keep to the played text has a
 * known gap, test/runtime/gaps.ts, not a missing row); and the sessions {@link bargeInPicks}
 * picks over `picks` (the runtime matrix's configurations), so every realtime service and every
 * transport plays it at least once.
 */
export const SCENARIOS: readonly ScenarioRow[] = [
  // The bot's on_pipeline_error handler runs only when a service fails: one refusal per
  // configuration that has a service the harness can refuse, on its first transport.
  {
    scenario: 'rejected',
    variant: 'required',
    when: (t, config) => t.id === config.transports[0] && refusalOf(config) !== undefined,
    fields: (_t, config) => ({ reject: refusalOf(config) }),
  },
  {
    scenario: 'barge-in',
    variant: 'required',
    when: (t, c) =>
      c.mode === 'cascade' &&
      isStream(t) &&
      c.transports.length === 2 &&
      c.transports.some((id) => TRANSPORTS.find((x) => x.id === id)?.kind === 'web'),
  },
  // The error paths of Daily calls (rt/scenarios/call_errors.py): Daily PSTN and Twilio + Daily SIP.
  { scenario: 'dialin-error', variant: 'required', when: (t) => dailyCall(t, 'dial-in') },
  { scenario: 'dialout-retry', variant: 'required', when: (t) => dailyCall(t, 'dial-out') },
  { scenario: 'dialout-exhausted', variant: 'required', when: (t) => dailyCall(t, 'dial-out') },
  { scenario: 'dialout-dropped', variant: 'required', when: (t) => dailyCall(t, 'dial-out') },
  {
    scenario: 'barge-in',
    variant: 'required',
    when: (t, c) => MATRIX_BARGE_IN.has(bargeInKey(t.id, c)),
  },
];

/**
 * The scenario sessions of one configuration: each ordinary session followed by the scenarios
 * {@link SCENARIOS} picks for it.
 *
 * @param sessions the configuration's ordinary sessions (one per transport)
 * @param config the recorded configuration
 * @param rows the scenario rows (default {@link SCENARIOS})
 */
export function withScenarios(
  sessions: readonly SessionSpec[],
  config: RecordedConfig,
  rows: readonly ScenarioRow[] = SCENARIOS,
): SessionSpec[] {
  return sessions.flatMap((s) => {
    const t = TRANSPORTS.find((x) => x.id === s.transport);
    const extra = t
      ? rows.filter((r) => r.when(t, config)).map((r) => ({ ...s, scenario: r.scenario, variant: r.variant, ...r.fields?.(t, config) }))
      : [];
    return [s, ...extra];
  });
}

/** The configuration a generated project recorded in its `.yo-rc.json`. */
export function recordedConfig(project: string): RecordedConfig {
  return JSON.parse(readFileSync(join(project, '.yo-rc.json'), 'utf8'))['generator-pipecat'] as RecordedConfig;
}

/**
 * Build the spec of a generated project from the configuration it recorded in `.yo-rc.json`.
 * `PIPECAT_RT_DRIVERS` (comma-separated driver names, e.g. `twilio,webrtc`) keeps only those
 * sessions, for debugging one transport.
 */
export function projectSpec(project: string, variants: string[] = ['required', 'all']): ProjectSpec {
  const config = recordedConfig(project) as ReturnType<typeof JSON.parse>;
  const tts = config.tts_service ? SERVICES_BY_ROLE.tts.find((s) => s.id === config.tts_service) : undefined;
  const drivers = process.env.PIPECAT_RT_DRIVERS?.split(',');
  const sessions = (config.transports as string[])
    .map((id) => {
      const t = TRANSPORTS.find((x) => x.id === id);
      if (!t) throw new Error(`${project}: unknown transport ${id}`);
      return sessionFor(t);
    })
    .concat(config.enable_eval ? [EVAL_SESSION] : [])
    .filter((s) => !drivers || drivers.includes(s.driver));
  return {
    project,
    mode: config.mode,
    tts_rates: tts && 'outputSampleRates' in tts ? (tts.outputSampleRates as ProjectSpec['tts_rates']) : null,
    features: {
      transcription: !!config.transcription,
      recording: !!config.recording,
      avatar: !!config.video_service,
      noisecancel: !!config.enable_noisecancel,
      observability: !!config.enable_observability,
      video_input: !!config.video_input,
    },
    sessions,
    variants,
  };
}

/** The runtime layer each `Script.patched` prefix stands for (rt/services.py). */
export const PATCH_LAYERS: Readonly<Record<string, RuntimeLayer>> = {
  sdk: 'sdk-call',
  'stt-vendor': 'sdk-call',
  'vendor-protocol': 'vendor-protocol',
  stt: 'service-interface',
  llm: 'service-interface',
  tts: 'service-interface',
  realtime: 'service-interface',
};

/**
 * Where a service's deviation record says the tier answers it and where its sessions really were,
 * when the two differ: the ledger of docs/deviations.md is checked against the harness, so a
 * stand-in moved to the vendor's edge (or back) cannot leave the record behind.
 *
 * @param serviceIds the configuration's STT, LLM, TTS and realtime ids (`.yo-rc.json`)
 * @param sessions the configuration's session results (their `patched` lists)
 * @returns one line per disagreement, e.g. `deepgram_stt: the record says service-interface, sessions were answered at sdk-call (sdk:DeepgramSTTService)`
 */
export function layerMismatches(serviceIds: readonly string[], sessions: readonly SessionResult[]): string[] {
  const out: string[] = [];
  for (const id of serviceIds) {
    const def = ALL_SERVICES.find((s) => s.id === id);
    const cls = def && /^(\w+)\(/.exec(def.construct)?.[1];
    if (!def || !cls) continue;
    // `rejecting:` marks a service left unscripted for its vendor to refuse: not answered anywhere.
    const answered = sessions.flatMap((r) => r.patched ?? []).filter((p) => p.slice(0, p.indexOf(':')) in PATCH_LAYERS);
    const seen = [...new Set(answered.filter((p) => p.endsWith(`:${cls}`)))];
    const layers = [...new Set(seen.map((p) => PATCH_LAYERS[p.slice(0, p.indexOf(':'))]))];
    const layer = serviceRecord(id).runtime.layer;
    const wrong = layers.filter((l) => l !== layer);
    if (wrong.length) out.push(`${id}: the record says ${layer}, sessions were answered at ${wrong.join(', ')} (${seen.join(', ')})`);
  }
  return out;
}

/** How the harness finds pipecat: a source folder, or an installed package; undefined when neither. */
export function pipecatSource(): { src?: string; describe: string } | undefined {
  const src = pipecatSrc();
  if (src) return { src, describe: src };
  const r = spawnSync('python3', ['-c', 'import pipecat, sys; sys.stdout.write(pipecat.__file__)'], { encoding: 'utf8', timeout: 30_000 });
  if (r.status === 0) return { describe: `installed pipecat at ${r.stdout}` };
  return undefined;
}

/** Why the runtime tier cannot run here, or undefined. */
export function runtimeMissing(): string | undefined {
  if (spawnSync('python3', ['-c', 'import numpy, pydantic, dotenv'], { stdio: 'ignore', timeout: 30_000 }).status !== 0) {
    return 'python3 with numpy, pydantic and python-dotenv not found';
  }
  if (!pipecatSource())
    return "pipecat not found: set PIPECAT_SRC to pipecat-ai 1.7.0's src folder (or PIPECAT_SHARED), or pip install pipecat-ai==1.7.0";
  return undefined;
}

/**
 * Run every session of one spec in one Python process (pipecat is imported once).
 *
 * @returns the sessions' results; a harness that crashes yields one failed result carrying its stderr
 */
export function runSpec(spec: ProjectSpec, timeoutMs = 240_000): Promise<SessionResult[]> {
  const dir = mkdtempSync(join(tmpdir(), 'pipecat-rt-spec-'));
  const file = join(dir, 'spec.json');
  writeFileSync(file, JSON.stringify(spec));
  const source = pipecatSource();
  const path = [join(PY_DIR, 'standins'), ...(source?.src ? [source.src] : []), PY_DIR].join(':');
  const code = 'import _autofake; _autofake.install()\nimport sys\nfrom rt.main import main\nsys.exit(main())';
  return new Promise((resolve) => {
    execFile(
      'python3',
      ['-X', 'faulthandler', '-c', code, file],
      {
        // Bytecode is cached outside the source trees (pipecat's and ours stay untouched), so each
        // harness process loads pipecat's modules instead of compiling them again.
        env: { ...process.env, PYTHONPATH: path, PYTHONPYCACHEPREFIX: join(tmpdir(), 'pipecat-rt-pycache') },
        timeout: timeoutMs,
        maxBuffer: 64 * 1024 * 1024,
        killSignal: 'SIGKILL',
      },
      (error, stdout, stderr) => {
        rmSync(dir, { recursive: true, force: true });
        // PIPECAT_RT_ECHO_LOGS: pipecat's every log line, which the stand-in logger wrote to stderr.
        if (process.env.PIPECAT_RT_ECHO_LOGS) process.stderr.write(`--- ${basename(spec.project)}\n${stderr}`);
        const results: SessionResult[] = stdout
          .split('\n')
          .filter((l) => l.startsWith('{'))
          .map((l) => JSON.parse(l) as SessionResult);
        const expected = sessionCount(spec);
        if (results.length < expected) {
          const why = error?.killed ? `killed after ${timeoutMs / 1000} s` : `exit ${error?.code ?? 0}`;
          results.push({
            project: basename(spec.project),
            session: 'harness',
            ok: false,
            problems: [`harness ${why}, ${results.length} of ${expected} sessions reported: ${stderr.slice(-2000)}`],
          });
        }
        resolve(results);
      },
    );
  });
}
