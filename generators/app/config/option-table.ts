/**
 * The options table: one row per option of `pipecat init` that feeds the configuration. The
 * `init` and `update` flags, the JSON config keys and their aliases, the joi schema, the wizard's
 * feature questions and summary, the README's feature list and `ProjectConfig` itself (`options.ts`)
 * all derive from it. Data only; the rows are `as const` so the configuration's type is computed
 * from them.
 *
 * Source: pipecat's own `pipecat init` (pipecat-ai/pipecat 1.8.0, commit acead05: `src/pipecat/cli/commands/init.py`): every flag with its long and
 * short form, every config key, the short keys the Python `pipecat-cli` accepts, and the defaults
 * (all booleans off except `deploy_to_cloud`). One row per option, so flags, keys, schema and wizard
 * cannot disagree.
 */
import { clientFrameworks, clientServers, findClientKind, frameworksWithServerChoice } from '../catalogue/client-kinds.js';
import { TRANSPORTS } from '../catalogue/transports.js';
import { FEATURE_ROWS } from './feature-rows.js';
import type { OptionDefinition } from './option-types.js';
import { PIPECAT_FLOOR } from './pipecat-version.js';

const FRAMEWORKS = [...clientFrameworks(), 'none'];
const SERVER_FRAMEWORKS = frameworksWithServerChoice();
const SERVERS = clientServers();
/** The call directions of the Daily PSTN and Twilio + Daily SIP families. */
const DIAL_MODES = ['dial-in', 'dial-out'] as const;

/** `a, b or c`. */
function orList(items: readonly string[]): string {
  return items.length > 1 ? `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}` : (items[0] ?? '');
}

/** Resolved transport ids, in catalogue order (open data: a new catalogue entry is a new value). */
export function transportIds(): string[] {
  return TRANSPORTS.map((t) => t.id);
}

/** Every option of `pipecat init` that feeds the configuration, in help order (and the wizard's order of feature questions). */
/** The choice rows (project, bot type, transports, pipeline, services, client, dial modes). */
const CHOICE_ROWS = [
  {
    key: 'project_name',
    flag: 'name',
    short: 'n',
    configAliases: ['name'],
    type: 'string',
    describe: 'Project name: the directory created under --output and the cloud agent name',
    valueHint: '<name>',
    label: 'Project name',
  },
  {
    key: 'bot_type',
    flag: 'bot-type',
    short: 'b',
    type: 'string',
    choices: ['web', 'telephony'],
    describe: 'Bot type: web or telephony (omitted: telephony when any transport is a telephony one, else web)',
    valueHint: '<web|telephony>',
    label: 'Bot type',
  },
  {
    key: 'transports',
    flag: 'transport',
    short: 't',
    configAliases: ['transport'],
    type: 'array',
    values: transportIds,
    describe: 'Transport id, as in pipecat (smallwebrtc, daily, twilio …); repeat for several (see --list-options)',
    valueHint: '<id>',
    label: 'Transports',
  },
  {
    key: 'mode',
    flag: 'mode',
    short: 'm',
    type: 'string',
    choices: ['cascade', 'realtime'],
    describe: 'Pipeline mode: cascade (STT → LLM → TTS) or realtime (speech-to-speech)',
    valueHint: '<cascade|realtime>',
    label: 'Pipeline mode',
  },
  {
    key: 'stt_service',
    flag: 'stt',
    configAliases: ['stt'],
    type: 'string',
    role: 'stt',
    nullable: true,
    describe: 'Speech-to-text service id (cascade)',
    valueHint: '<id>',
    label: 'Speech-to-text service',
  },
  {
    key: 'llm_service',
    flag: 'llm',
    configAliases: ['llm'],
    type: 'string',
    role: 'llm',
    nullable: true,
    describe: 'LLM service id (cascade)',
    valueHint: '<id>',
    label: 'LLM service',
  },
  {
    key: 'tts_service',
    flag: 'tts',
    configAliases: ['tts'],
    type: 'string',
    role: 'tts',
    nullable: true,
    describe: 'Text-to-speech service id (cascade)',
    valueHint: '<id>',
    label: 'Text-to-speech service',
  },
  {
    key: 'realtime_service',
    flag: 'realtime',
    configAliases: ['realtime'],
    type: 'string',
    role: 'realtime',
    nullable: true,
    describe: 'Speech-to-speech service id (realtime)',
    valueHint: '<id>',
    label: 'Speech-to-speech service',
  },
  {
    key: 'video_service',
    flag: 'video',
    configAliases: ['video'],
    type: 'string',
    role: 'video',
    nullable: true,
    describe: 'Video avatar service id (web bots)',
    valueHint: '<id>',
    label: 'Video avatar service',
  },
  {
    key: 'client_framework',
    flag: 'client-framework',
    type: 'string',
    values: () => FRAMEWORKS,
    nullable: true,
    describe: `Client: ${orList(FRAMEWORKS)} (web bots; default none)`,
    valueHint: `<${FRAMEWORKS.join('|')}>`,
    label: 'Client',
  },
  {
    key: 'client_server',
    flag: 'client-server',
    type: 'string',
    values: () => SERVERS,
    nullable: true,
    describe: `Bundler/server of a ${orList(SERVER_FRAMEWORKS)} client: ${orList(SERVERS)} (default ${orList(SERVER_FRAMEWORKS.map((f) => findClientKind(f)!.server))})`,
    valueHint: `<${SERVERS.join('|')}>`,
    label: 'Client server',
  },
  {
    key: 'daily_pstn_mode',
    flag: 'daily-pstn-mode',
    type: 'string',
    choices: DIAL_MODES,
    nullable: true,
    describe: 'Daily PSTN call direction (with transport daily_pstn)',
    valueHint: '<dial-in|dial-out>',
    label: 'Daily PSTN direction',
  },
  {
    key: 'twilio_daily_sip_mode',
    flag: 'twilio-daily-sip-mode',
    type: 'string',
    choices: DIAL_MODES,
    nullable: true,
    describe: 'Twilio + Daily SIP call direction (with transport twilio_daily_sip)',
    valueHint: '<dial-in|dial-out>',
    label: 'Twilio + Daily SIP direction',
  },
  {
    key: 'pipecat_version',
    flag: 'pipecat',
    type: 'string',
    versionFloor: PIPECAT_FLOOR,
    nullable: true,
    describe: `Lowest pipecat-ai release the project requires (pyproject.toml's pipecat-ai>= floor; default ${PIPECAT_FLOOR}); it can only be raised`,
    valueHint: '<X.Y.Z>',
    label: 'pipecat-ai floor',
  },
] as const satisfies readonly OptionDefinition[];

/** Every row: the choice rows, then the feature rows (`./feature-rows.ts`). */
export const OPTION_ROWS = [...CHOICE_ROWS, ...FEATURE_ROWS] as const;
