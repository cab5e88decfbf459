/**
 * `pipecat doctor`'s checks on hand-built readings (no Python): each check's finding, its place, and
 * its repair turning the file into one the check passes, the rest of the file byte for byte.
 * The binary's behaviour on generated projects is test/doctor.test.ts and test/e2e/doctor-*.test.ts.
 */
import { describe, expect, test } from '@jest/globals';
import type { CodeFacts, CodeReading, NeededVar } from '../generators/app/code/types.js';
import { envChecks } from '../cli/doctor/env.js';
import { moduleChecks } from '../cli/doctor/modules.js';
import { codeChecks } from '../cli/doctor/code.js';
import { clientChecks } from '../cli/doctor/client.js';
import { readEnvExample, withoutEntry } from '../cli/doctor/env-example.js';
import type { DoctorProject } from '../cli/doctor/project.js';
import type { ProvidedData } from '../cli/doctor/reading.js';
import type { Finding } from '../cli/doctor/types.js';

const ENV_EXAMPLE = `# Environment for a. Copy to .env
#   cp .env.example .env

# --- Transport: Daily (WebRTC)
# Daily API key (required)
DAILY_API_KEY=

# --- LLM: OpenAI
# OpenAI API key (required)
OPENAI_API_KEY=
# OpenAI chat model (optional)
# OPENAI_LLM_MODEL=

# --- Runtime
# set to \`local\` by the development runner
# ENV=local
`;

const PYPROJECT = `[project]
name = "a-bot"
dependencies = [
    "pipecat-ai[daily,openai,runner]>=1.8.0",
    "pipecatcloud>=1.0.0",
]

[dependency-groups]
dev = ["pipecat-ai[cli]>=1.8.0"]
`;

const DATA: ProvidedData = {
  coreDeps: ['loguru', 'aiohttp', 'numpy'],
  extras: ['daily', 'openai', 'runner', 'cartesia', 'cli'],
  extraDeps: (e) => ({ daily: ['daily-python'], openai: ['openai'], runner: ['fastapi', 'uvicorn', 'python-dotenv'] })[e] ?? [],
  moduleExtras: (m) => (m.startsWith('pipecat.services.openai') ? ['openai'] : m.startsWith('pipecat.services.cartesia') ? ['cartesia'] : m.startsWith('pipecat.transports.daily') ? ['daily'] : m.startsWith('pipecat.runner') ? ['runner'] : []), // prettier-ignore
  importNames: (d) => ({ 'python-dotenv': ['dotenv'], 'daily-python': ['daily'] })[d] ?? [d.replace(/-/g, '_')],
};

const at = (line: number) => ({ path: 'server/bot.py', line });

function project(
  over: {
    env?: readonly NeededVar[];
    imports?: CodeReading['imports'];
    extras?: string[];
    text?: DoctorProject['text'];
    files?: CodeReading['files'];
  } = {},
): DoctorProject {
  const env: readonly NeededVar[] = over.env ?? [
    { name: 'DAILY_API_KEY', need: 'local-only', readBy: 'daily' },
    { name: 'OPENAI_API_KEY', need: 'required', at: at(20) },
    { name: 'OPENAI_LLM_MODEL', need: 'optional', at: at(21) },
    { name: 'ENV', need: 'runner-set', at: at(30) },
  ];
  const imports = over.imports ?? [
    { module: 'os', names: [], stdlib: true, local: false, ...at(1) },
    { module: 'dotenv', names: ['load_dotenv'], stdlib: false, local: false, ...at(2) },
    { module: 'pipecat.services.openai.llm', names: ['OpenAILLMService'], stdlib: false, local: false, ...at(3) },
    { module: 'pipecat.transports.daily.transport', names: ['DailyParams'], stdlib: false, local: false, ...at(4) },
    { module: 'pipecat.runner.types', names: ['RunnerArguments'], stdlib: false, local: false, ...at(5) },
  ];
  const reading: CodeReading = { files: over.files ?? [{ path: 'server/bot.py' }], env: [], imports, transports: [], deprecations: [] };
  const facts: CodeFacts = {
    reading,
    env,
    extras: over.extras ?? ['daily', 'openai', 'runner'],
    services: {},
    transports: ['daily'],
    thirdParty: imports.filter((i) => !i.stdlib && !i.local && !i.module.startsWith('pipecat')),
  };
  return {
    root: '/p',
    serverDir: 'server',
    reading,
    facts,
    data: DATA,
    text: over.text ?? { envExample: ENV_EXAMPLE, pyproject: PYPROJECT },
  };
}

/** The text after every repair of `findings` to `path`. */
function repaired(text: string, findings: Finding[], path: string): string {
  return findings.filter((f) => f.repair?.path === path).reduce((t, f) => f.repair!.apply(t), text);
}

describe('doctor checks on hand-built readings', () => {
  test('the generated layout is healthy', () => {
    expect(envChecks(project())).toEqual([]);
    expect(moduleChecks(project())).toEqual([]);
  });

  test('a variable the code reads and .env.example lacks: env-missing, repaired with its mark', () => {
    const p = project({ env: [...project().facts.env, { name: 'MY_KEY', need: 'required', at: at(40) }] });
    const f = envChecks(p);
    expect(f.map((x) => [x.check, x.where])).toEqual([['env-missing', { path: 'server/.env.example' }]]);
    const after = repaired(ENV_EXAMPLE, f, 'server/.env.example');
    expect(after.startsWith(ENV_EXAMPLE)).toBe(true);
    expect(after.slice(ENV_EXAMPLE.length)).toBe('\n# read by server/bot.py:40 (required)\nMY_KEY=\n');
    expect(envChecks(project({ env: p.facts.env, text: { envExample: after, pyproject: PYPROJECT } }))).toEqual([]);
  });

  test('a required key written commented and an optional one uncommented: env-mark at their lines', () => {
    const text = ENV_EXAMPLE.replace('\nOPENAI_API_KEY=', '\n# OPENAI_API_KEY=').replace('# OPENAI_LLM_MODEL=', 'OPENAI_LLM_MODEL=');
    const f = envChecks(project({ text: { envExample: text, pyproject: PYPROJECT } }));
    expect(f.map((x) => [x.check, x.where])).toEqual([
      ['env-mark', { path: 'server/.env.example', line: 10 }],
      ['env-mark', { path: 'server/.env.example', line: 12 }],
    ]);
    expect(repaired(text, f, 'server/.env.example')).toBe(ENV_EXAMPLE);
  });

  test('a line nothing reads: env-unused at its line; removed with its comment and emptied heading', () => {
    const text = ENV_EXAMPLE + '\n# --- Extra\n# Something old (required)\nOLD_KEY=\n';
    const f = envChecks(project({ text: { envExample: text, pyproject: PYPROJECT } }));
    expect(f.map((x) => [x.check, x.where])).toEqual([['env-unused', { path: 'server/.env.example', line: 20 }]]);
    expect(repaired(text, f, 'server/.env.example')).toBe(ENV_EXAMPLE);
    expect(readEnvExample(withoutEntry(ENV_EXAMPLE, 'OPENAI_LLM_MODEL')).map((e) => e.name)).toEqual([
      'DAILY_API_KEY',
      'OPENAI_API_KEY',
      'ENV',
    ]);
  });

  test('an import of an extra not declared, and an extra nothing needs', () => {
    const base = project();
    const imports = [
      ...base.reading.imports,
      { module: 'pipecat.services.cartesia.tts', names: ['CartesiaTTSService'], stdlib: false, local: false, ...at(9) },
    ];
    const f = moduleChecks(project({ imports, extras: ['cartesia', 'daily', 'runner'] }));
    expect(f.map((x) => [x.check, x.where])).toEqual([
      ['extra-missing', { path: 'server/bot.py', line: 9 }],
      ['extra-unused', { path: 'server/pyproject.toml', line: 4 }],
    ]);
    expect(repaired(PYPROJECT, f, 'server/pyproject.toml')).toBe(PYPROJECT.replace('[daily,openai,runner]', '[cartesia,daily,runner]'));
  });

  test('a third-party import nothing provides, a dependency nothing imports', () => {
    const base = project();
    const imports = [...base.reading.imports, { module: 'requests.adapters', names: [], stdlib: false, local: false, ...at(7) }];
    const text = PYPROJECT.replace('    "pipecatcloud', '    "httpx>=0.27",\n    "pipecatcloud');
    const f = moduleChecks(project({ imports, text: { envExample: ENV_EXAMPLE, pyproject: text } }));
    expect(f.map((x) => [x.check, x.where, !!x.repair])).toEqual([
      ['module-unprovided', { path: 'server/bot.py', line: 7 }, false],
      ['dependency-unused', { path: 'server/pyproject.toml', line: 5 }, false],
    ]);
  });

  test('a file that does not parse: the other checks say so instead of reporting unused declarations', () => {
    const p = project({ env: [], files: [{ path: 'server/bot.py', error: { line: 3, message: 'invalid syntax' }, markers: [] }] });
    expect(codeChecks(p).map((x) => [x.check, x.where])).toEqual([['syntax-error', { path: 'server/bot.py', line: 3 }]]);
    expect(envChecks(p).map((x) => x.check)).toEqual(['env-unread']);
    expect(moduleChecks({ ...p, facts: { ...p.facts, extras: [] } }).map((x) => x.check)).toEqual(['modules-unread']);
  });

  test('a client whose transport the server does not serve', () => {
    const p = { ...project(), clientPackage: '{\n  "dependencies": {\n    "@pipecat-ai/small-webrtc-transport": "1.0.0"\n  }\n}\n' };
    expect(clientChecks(p).map((x) => [x.check, x.where])).toEqual([['client-transport', { path: 'client/package.json', line: 3 }]]);
  });
});
