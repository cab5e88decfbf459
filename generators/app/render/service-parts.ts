/**
 * Context parts computed per chosen service and transport: the Dockerfile's fetch of a local
 * model, the service checks of bot.py's error line, and the `.env.example` groups.
 *
 * Sources: docs/generated-project.md, "Environment variable names"; pipecat 1.8's `FrameProcessor.is_usable` (changelog 5242).
 */
import { MODULE_READS } from '../catalogue/module-reads.js';
import type { EnvVarDefinition, LocalModel, ServiceDefinition, ServiceRole, TransportDefinition } from '../catalogue/types.js';
import type { ChosenService, EnvGroup, LocalModelStep, ServiceCheck, TemplateContext } from './context-types.js';

/**
 * The Dockerfile's build-time fetch of a local model (see {@link LocalModelStep}).
 *
 * @param def the service entry
 * @param model its `localModel` fact
 * @throws Error when the construction uses a name only `run_bot` defines, or holds a single quote
 */
export function localModelStep(def: ServiceDefinition, model: LocalModel): LocalModelStep {
  const construct = def.construct
    .split('\n')
    .map((l) => l.trim())
    .join(' ')
    .replace(/\( /g, '(')
    .replace(/,? \)/g, ')');
  if (/\b(required|session|call|SYSTEM_INSTRUCTION)\b/.test(construct) || construct.includes("'"))
    throw new Error(`${def.id}: its construction cannot run at image build time: ${construct}`);
  const imports = def.imports.map((i) => `from ${i.from} import ${i.names.join(', ')}`);
  const fetch = ['import os', 'present = lambda **fields: {k: v for k, v in fields.items() if v}', ...imports, construct].join('; ');
  const unknown = model.chosenBy.filter((name) => !construct.includes(`"${name}"`));
  if (unknown.length)
    throw new Error(`${def.id}: localModel.chosenBy names variables its construction does not read: ${unknown.join(', ')}`);
  return { label: def.label, model, args: [...model.chosenBy], fetch };
}

/** Word added after a service's label to say its role, unless the label already says it. */
const ROLE_WORDS: Record<ServiceRole, string> = { stt: 'STT', llm: 'LLM', tts: 'TTS', realtime: 'Realtime', video: 'avatar' };

/**
 * The {@link ServiceCheck} of a chosen service: its variable in `run_bot`, its name with its role
 * (`Cartesia TTS`; `OpenAI Realtime` unchanged) and its variables, those the bot or pipecat reads
 * for it (the entry's `env`) except the ones the runner or platform sets (`commented`).
 *
 * @param c a chosen service
 */
export function serviceCheck(c: ChosenService): ServiceCheck {
  const word = ROLE_WORDS[c.role];
  const name = c.def.label.toLowerCase().includes(word.toLowerCase()) ? c.def.label : `${c.def.label} ${word}`;
  const env = c.def.env.filter((v) => !v.commented);
  return {
    variable: c.role === 'realtime' ? 'llm' : c.role,
    name,
    required: env.filter((v) => v.required).map((v) => v.name),
    optional: env.filter((v) => !v.required).map((v) => v.name),
  };
}

/** The heading word of each role in `.env.example`. */
const ROLE_TITLES: Record<ServiceRole, string> = {
  stt: 'Speech-to-text',
  llm: 'LLM',
  tts: 'Text-to-speech',
  realtime: 'Speech-to-speech (realtime)',
  video: 'Video avatar',
};

/**
 * `.env.example` groups: one per transport group and service, each variable once (the first
 * group that needs it keeps it), then features.
 */
export function envGroups(transports: TransportDefinition[], chosen: ChosenService[], is: TemplateContext['is']): EnvGroup[] {
  const seen = new Map<string, EnvVarDefinition>();
  const groups: EnvGroup[] = [];
  const add = (title: string, vars: readonly EnvVarDefinition[]): void => {
    const fresh: EnvVarDefinition[] = [];
    for (const v of vars) {
      const earlier = seen.get(v.name);
      if (earlier) {
        // A variable shared by several services is required when any of them requires it.
        if (v.required && !earlier.required) Object.assign(earlier, { required: true });
        continue;
      }
      const copy = { ...v };
      seen.set(v.name, copy);
      fresh.push(copy);
    }
    if (fresh.length) groups.push({ title, vars: fresh });
  };
  for (const t of transports) add(`Transport: ${t.label}`, t.env);
  for (const c of chosen) add(`${ROLE_TITLES[c.role]}: ${c.def.label}`, c.def.env);
  if (is.krisp) {
    const krisp = MODULE_READS.find((m) => m.module === 'pipecat.audio.filters.krisp_viva_filter');
    if (krisp) add(krisp.title, krisp.env);
  }
  // bot.py reads ENV for Krisp, Whisker and, on cloud projects, the recording's log line.
  if ((is.krisp || is.observability || (is.recording && is.cloud)) && !seen.has('ENV')) {
    add('Runtime', [
      {
        name: 'ENV',
        description: 'set to `local` by the development runner (`uv run bot.py`); leave unset in the cloud',
        required: false,
        example: 'local',
        commented: true,
      },
    ]);
  }
  return groups;
}
