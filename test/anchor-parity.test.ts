/**
 * Parity with pipecat 1.8's own `pipecat init` (the anchor): every id its registry offers, and
 * every value its scaffold options document, must work unchanged with ours.
 *
 * The anchor's ids are read from its registry in pipecat's source
 * (`pipecat/cli/registry/service_metadata.py`: the `value="..."` of each `ServiceDefinition` list),
 * the transport families that need a dial mode from `pipecat/cli/config_validator.py`
 * (`generic_transport_names`), and the option values from the help text of `--bot-type`, `--mode`,
 * `--client-framework`, `--client-server` and the two dial-mode flags in
 * `pipecat/cli/commands/init.py`. Each id must be accepted by our resolver (as an id or an alias:
 * `ultravox` → `ultravox_realtime`; transports are our ids), and `pipecat init --list-options`
 * (the real binary) must list it or the canonical id it resolves to.
 *
 * Skipped with one line when pipecat's source is absent (see test/helpers/shared.ts).
 */
import { describe, expect, test } from '@jest/globals';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { TRANSPORTS, TRANSPORT_FAMILIES, canonicalServiceId, findService } from '../generators/app/catalogue/catalogue.js';
import type { ServiceRole } from '../generators/app/catalogue/types.js';
import { ConfigError, resolveConfig, type ConfigLayer } from '../generators/app/config/resolve.js';
import { makeTempDir, removeDir, runCli } from './helpers/cli.js';
import { pipecatSrc, sharedAvailable } from './helpers/shared.js';

const RUNS = sharedAvailable("parity with pipecat 1.8's own pipecat init", 'pipecatSrc');
const CLI_DIR = RUNS ? join(pipecatSrc()!, 'pipecat', 'cli') : '';
const read = (file: string): string => readFileSync(join(CLI_DIR, file), 'utf8');

/** Where each anchor registry list lands in `--list-options` (ours has the same shape). */
const LISTS = {
  WEBRTC_TRANSPORTS: 'web',
  TELEPHONY_TRANSPORTS: 'telephony',
  STT_SERVICES: 'stt',
  LLM_SERVICES: 'llm',
  TTS_SERVICES: 'tts',
  REALTIME_SERVICES: 'realtime',
  VIDEO_SERVICES: 'video',
} as const;
type ListName = keyof typeof LISTS;

/**
 * Anchor ids our catalogue does not offer yet, each with the reason. An entry must really be
 * refused: once the id is accepted, the test fails until the entry is removed.
 */
const PENDING: Record<string, string> = {};

/**
 * The `value="..."` ids of each `ServiceDefinition` list in the anchor's registry.
 *
 * @param text service_metadata.py
 * @returns ids by list name (every list of {@link LISTS} present)
 */
export function anchorRegistry(text: string): Record<ListName, string[]> {
  const out = {} as Record<ListName, string[]>;
  const heads = [...text.matchAll(/^\s+([A-Z_]+): list\[ServiceDefinition\] = \[/gm)];
  heads.forEach((h, i) => {
    const body = text.slice(h.index! + h[0].length, heads[i + 1]?.index ?? text.length);
    if (h[1] in LISTS) out[h[1] as ListName] = [...body.matchAll(/\bvalue="([^"]+)"/g)].map((m) => m[1]);
  });
  return out;
}

/**
 * The quoted values a scaffold option's help text names, e.g. `'web' or 'telephony'`.
 *
 * @param text init.py
 * @param flag e.g. `--bot-type`
 */
export function anchorOptionValues(text: string, flag: string): string[] {
  const m = new RegExp(`"${flag}",[\\s\\S]*?help="([^"]*)"`).exec(text);
  return m ? [...m[1].matchAll(/'([a-z][a-z-]*)'/g)].map((v) => v[1]) : [];
}

/**
 * The keys the anchor's `--dry-run` writes, in order (`config_to_json` in `config_validator.py`):
 * what a config file made with the anchor holds.
 *
 * @param text config_validator.py
 */
export function anchorDryRunKeys(text: string): string[] {
  const body = /def config_to_json\([\s\S]*?data = \{([\s\S]*?)\n\s*\}/.exec(text)?.[1] ?? '';
  return [...body.matchAll(/"([a-z_]+)":\s*config\./g)].map((m) => m[1]);
}

/** A config file as the anchor's `--dry-run` writes it for a vanilla web client (its values, its spellings). */
const ANCHOR_FILE: Record<string, unknown> = {
  project_name: 'anchor-file',
  bot_type: 'web',
  transports: ['daily', 'smallwebrtc'],
  mode: 'cascade',
  stt_service: 'deepgram_stt',
  llm_service: 'openai_llm',
  tts_service: 'cartesia_tts',
  realtime_service: null,
  video_service: null,
  generate_client: true,
  client_framework: 'vanilla',
  client_server: 'vite',
  daily_pstn_mode: null,
  twilio_daily_sip_mode: null,
  video_input: false,
  video_output: false,
  recording: false,
  transcription: true,
  deploy_to_cloud: true,
  enable_krisp: false,
  enable_observability: false,
  enable_eval: true,
};

/** Resolve flags with our resolver: the configuration's values, or the problem lines. */
function resolve(flags: ConfigLayer): { config?: Record<string, unknown>; problems: string[] } {
  try {
    return { config: resolveConfig({ flags }) as unknown as Record<string, unknown>, problems: [] };
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    return { problems: [...err.problems] };
  }
}

const CASCADE: ConfigLayer = { mode: 'cascade', stt_service: 'deepgram_stt', llm_service: 'openai_llm', tts_service: 'cartesia_tts' };
const WEB: ConfigLayer = { project_name: 'parity', bot_type: 'web', transports: ['smallwebrtc'], ...CASCADE };
const PHONE: ConfigLayer = { project_name: 'parity', bot_type: 'telephony', transports: ['twilio'], ...CASCADE };

/** Flags that select one anchor id of one list, everything else valid. */
function flagsFor(list: ListName, id: string): ConfigLayer {
  switch (LISTS[list]) {
    case 'web':
      return { ...WEB, transports: [id] };
    case 'telephony':
      return { ...PHONE, transports: [id] };
    case 'realtime':
      return { ...WEB, mode: 'realtime', stt_service: null, llm_service: null, tts_service: null, realtime_service: id };
    case 'video':
      return { ...WEB, video_service: id };
    default:
      return { ...WEB, [`${LISTS[list]}_service`]: id };
  }
}

/** Our canonical id for an anchor id of one list (an id or an alias), or undefined. */
function canonical(list: ListName, id: string): string | undefined {
  const where = LISTS[list];
  if (where === 'web' || where === 'telephony') {
    return TRANSPORTS.find((t) => t.kind === where && (t.id === id || (t.aliases as readonly string[]).includes(id)))?.id;
  }
  return canonicalServiceId(where as ServiceRole, id);
}

(RUNS ? describe : describe.skip)("parity with pipecat 1.8's own pipecat init", () => {
  const registry = RUNS ? anchorRegistry(read('registry/service_metadata.py')) : ({} as Record<ListName, string[]>);
  const initPy = RUNS ? read('commands/init.py') : '';
  const entries = (Object.keys(LISTS) as ListName[]).flatMap((list) => (registry[list] ?? []).map((id) => [list, id] as const));

  test('the anchor registry is read whole: every list, the ids this catalogue was compared with', () => {
    expect(Object.keys(registry).sort()).toEqual(Object.keys(LISTS).sort());
    expect(entries.length).toBeGreaterThanOrEqual(100);
    expect(registry.REALTIME_SERVICES).toContain('ultravox');
    expect(registry.TTS_SERVICES).toEqual(expect.arrayContaining(['deepgram_flux_tts', 'nvidia_sagemaker_tts', 'pockettts_tts']));
  });

  test('the resolver refuses an id the anchor does not have (the check can fail)', () => {
    expect(resolve(flagsFor('REALTIME_SERVICES', 'ultravox_live')).problems.join('\n')).toMatch(/--realtime: unknown/);
    expect(resolve(flagsFor('WEBRTC_TRANSPORTS', 'smallwebrtcx')).problems.join('\n')).toMatch(/--transport: unknown/);
  });

  test('every anchor id is accepted by our resolver, as an id or an alias (deprecated services are refused with their replacement)', () => {
    const refused: string[] = [];
    const pendingAccepted: string[] = [];
    for (const [list, id] of entries) {
      const { config, problems } = resolve(flagsFor(list, id));
      const deprecated = findService(canonical(list, id) ?? '')?.deprecated;
      if (id in PENDING) {
        if (config) pendingAccepted.push(`${id} is accepted now: remove it from PENDING`);
      } else if (deprecated) {
        // Our resolver refuses pipecat-deprecated services on purpose, naming the replacement.
        expect({ id, problems: problems.join('\n') }).toEqual({ id, problems: expect.stringMatching(/is deprecated in pipecat since/) });
      } else if (!config) refused.push(`${LISTS[list]} ${id}: ${problems.join(' | ')}`);
    }
    expect(refused).toEqual([]);
    expect(pendingAccepted).toEqual([]);
  });

  test("our transport ids are the anchor's own names, not aliases of other ids (issue 26)", () => {
    const anchor = [...registry.WEBRTC_TRANSPORTS, ...registry.TELEPHONY_TRANSPORTS].sort();
    expect(TRANSPORTS.map((t) => t.id).sort()).toEqual(anchor);
    const generic = /generic_transport_names\s*=\s*\{([^}]*)\}/.exec(read('config_validator.py'));
    const families = [...(generic?.[1] ?? '').matchAll(/"([a-z_]+)"/g)].map((m) => m[1]);
    expect(TRANSPORT_FAMILIES.map((f) => f.id).sort()).toEqual(families.sort());
  });

  test('the transport families that need a dial mode resolve with each documented mode', () => {
    const generic = /generic_transport_names\s*=\s*\{([^}]*)\}/.exec(read('config_validator.py'));
    const families = [...(generic?.[1] ?? '').matchAll(/"([a-z_]+)"/g)].map((m) => m[1]);
    expect(families.sort()).toEqual(['daily_pstn', 'twilio_daily_sip']);
    for (const family of families) {
      const ours = TRANSPORT_FAMILIES.find((f) => f.id === family || f.aliases.includes(family));
      expect({ family, ours: ours?.id }).toEqual({ family, ours: expect.any(String) });
      const modes = anchorOptionValues(initPy, ours!.modeFlag);
      expect(modes).toEqual(['dial-in', 'dial-out']);
      for (const mode of modes) {
        const { config, problems } = resolve({ ...PHONE, transports: [family], [ours!.modeKey]: mode });
        expect({ family, mode, problems }).toEqual({ family, mode, problems: [] });
        expect(config!.transports).toEqual([`${ours!.id}_${mode.replace('-', '')}`]);
      }
    }
  });

  test('the values of --bot-type, --mode, --client-framework and --client-server are accepted as the anchor spells them', () => {
    const values = {
      bot_type: anchorOptionValues(initPy, '--bot-type'),
      mode: anchorOptionValues(initPy, '--mode'),
      client_framework: anchorOptionValues(initPy, '--client-framework'),
      client_server: anchorOptionValues(initPy, '--client-server'),
    };
    expect(values).toEqual({
      bot_type: ['web', 'telephony'],
      mode: ['cascade', 'realtime'],
      client_framework: ['react', 'vanilla', 'none'],
      client_server: ['vite', 'nextjs'],
    });
    const problems: string[] = [];
    const check = (flags: ConfigLayer, key: string, value: string): void => {
      const r = resolve(flags);
      if (!r.config || r.config[key] !== value)
        problems.push(`${key}=${value}: ${r.problems.join(' | ') || JSON.stringify(r.config?.[key])}`);
    };
    for (const v of values.bot_type) check(v === 'web' ? WEB : PHONE, 'bot_type', v);
    for (const v of values.mode) check(v === 'cascade' ? WEB : flagsFor('REALTIME_SERVICES', 'openai_realtime'), 'mode', v);
    for (const v of values.client_framework) check({ ...WEB, client_framework: v }, 'client_framework', v);
    for (const v of values.client_server) check({ ...WEB, client_framework: 'react', client_server: v }, 'client_server', v);
    expect(problems).toEqual([]);
  });

  test("a config file written by the anchor's --dry-run, and its vanilla client with --client-server vite, work unchanged", () => {
    // Every key the anchor writes has a value above (a new anchor key fails here first).
    expect(anchorDryRunKeys(read('config_validator.py'))).toEqual(Object.keys(ANCHOR_FILE));
    const tmp = makeTempDir('pipecat-anchor-file-');
    try {
      const file = join(tmp, 'anchor.json');
      writeFileSync(file, JSON.stringify(ANCHOR_FILE, null, 2));
      const r = runCli(['init', '--config', file, '--dry-run'], { cwd: tmp });
      expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
      const config = JSON.parse(r.stdout) as Record<string, unknown>;
      expect([config.transports, config.client_framework, config.client_server, config.transcription, config.enable_eval]).toEqual([
        ['daily', 'smallwebrtc'],
        'vanilla',
        null,
        true,
        true,
      ]);
      // The same project from the anchor's flags; a server vanilla does not use stays an error.
      const flags = 'init -n anchor-flags -t daily -m realtime --realtime ultravox --client-framework vanilla'.split(' ');
      expect(runCli([...flags, '--client-server', 'vite', '--dry-run'], { cwd: tmp }).code).toBe(0);
      const wrong = runCli([...flags, '--client-server', 'nextjs', '--dry-run'], { cwd: tmp });
      expect({ code: wrong.code, stderr: wrong.stderr }).toEqual({ code: 2, stderr: expect.stringContaining('--client-server') });
    } finally {
      removeDir(tmp);
    }
  });

  test('`pipecat init --list-options` lists every anchor id, or the id its alias resolves to', () => {
    const r = runCli(['init', '--list-options']);
    expect(r.code).toBe(0);
    const ours = JSON.parse(r.stdout) as { bot_type: string[]; transports: Record<string, string[]> } & Record<string, string[]>;
    expect(ours.bot_type).toEqual(expect.arrayContaining(anchorOptionValues(initPy, '--bot-type')));
    const missing: string[] = [];
    for (const [list, id] of entries) {
      if (id in PENDING || findService(canonical(list, id) ?? '')?.deprecated) continue;
      const where = LISTS[list];
      const listed = where === 'web' || where === 'telephony' ? ours.transports[where] : ours[where];
      const c = canonical(list, id);
      if (!c || !listed.includes(c)) missing.push(`${where}: ${id}${c && c !== id ? ` (= ${c})` : ''}`);
    }
    expect(missing).toEqual([]);
  });
});
