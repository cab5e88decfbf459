/**
 * Import blocks for generated Python files, computed from what the rendered code really uses.
 *
 * Templates never write import lines for the names they use; after rendering, this module scans
 * the code (comments and string literals removed) for known names and writes exactly the imports
 * needed, grouped standard library / third party / pipecat and sorted like isort. An unused import
 * is a pyflakes warning in check_server.py, and a missing one a NameError, so one mechanism keeps
 * every feature combination correct.
 *
 * Sources: module paths of pipecat-ai/pipecat 1.8.0 (commit acead05; test/catalogue.test.ts checks them
 * against its API index, `PIPECAT_INDEX`), the
 * catalogue's per-service and per-transport `imports`, and the features' runner entries.
 */
import type { PythonImport } from '../catalogue/types.js';

/** A name the generated code may use, and where it comes from. */
interface PythonSymbol {
  /** Name as used in code (`os`, `logger`, `Pipeline`). */
  readonly name: string;
  /** Module to import from; for `import x` statements, the module itself. */
  readonly module: string;
  /** `import module` (true) or `from module import name` (false). */
  readonly plain?: boolean;
  readonly group: 'stdlib' | 'third_party' | 'pipecat' | 'local';
}

const p = (name: string, module: string): PythonSymbol => ({ name, module, group: 'pipecat' });

/** Names the templates use (beyond the services' own, which come from the catalogue). */
export const KNOWN_SYMBOLS: readonly PythonSymbol[] = [
  { name: 'asyncio', module: 'asyncio', plain: true, group: 'stdlib' },
  { name: 'datetime', module: 'datetime', plain: true, group: 'stdlib' },
  { name: 'os', module: 'os', plain: true, group: 'stdlib' },
  { name: 'wave', module: 'wave', plain: true, group: 'stdlib' },
  { name: 'asynccontextmanager', module: 'contextlib', group: 'stdlib' },
  { name: 'aiohttp', module: 'aiohttp', plain: true, group: 'third_party' },
  { name: 'uvicorn', module: 'uvicorn', plain: true, group: 'third_party' },
  { name: 'load_dotenv', module: 'dotenv', group: 'third_party' },
  { name: 'FastAPI', module: 'fastapi', group: 'third_party' },
  { name: 'HTTPException', module: 'fastapi', group: 'third_party' },
  { name: 'Request', module: 'fastapi', group: 'third_party' },
  { name: 'PlainTextResponse', module: 'fastapi.responses', group: 'third_party' },
  { name: 'logger', module: 'loguru', group: 'third_party' },
  { name: 'BaseModel', module: 'pydantic', group: 'third_party' },
  { name: 'WhiskerServer', module: 'pipecat_whisker', group: 'third_party' },
  { name: 'TwilioClient', module: 'twilio.rest', group: 'third_party' },
  { name: 'VoiceResponse', module: 'twilio.twiml.voice_response', group: 'third_party' },
  p('LLMRunFrame', 'pipecat.frames.frames'),
  p('Pipeline', 'pipecat.pipeline.pipeline'),
  p('PipelineParams', 'pipecat.pipeline.worker'),
  p('PipelineWorker', 'pipecat.pipeline.worker'),
  p('ProcessorUnusablePolicy', 'pipecat.pipeline.worker'),
  p('WorkerRunner', 'pipecat.workers.runner'),
  p('LLMContext', 'pipecat.processors.aggregators.llm_context'),
  p('LLMContextAggregatorPair', 'pipecat.processors.aggregators.llm_response_universal'),
  p('LLMUserAggregatorParams', 'pipecat.processors.aggregators.llm_response_universal'),
  p('UserTurnStoppedMessage', 'pipecat.processors.aggregators.llm_response_universal'),
  p('UserTurnMessageAddedMessage', 'pipecat.processors.aggregators.llm_response_universal'),
  p('AssistantTurnStoppedMessage', 'pipecat.processors.aggregators.llm_response_universal'),
  p('SileroVADAnalyzer', 'pipecat.audio.vad.silero'),
  p('AudioBufferProcessor', 'pipecat.processors.audio.audio_buffer_processor'),
  p('RunnerArguments', 'pipecat.runner.types'),
  p('DailyRunnerArguments', 'pipecat.runner.types'),
  p('WebSocketRunnerArguments', 'pipecat.runner.types'),
  p('EvalRunnerArguments', 'pipecat.runner.types'),
  p('DailyDialinRequest', 'pipecat.runner.types'),
  p('create_transport', 'pipecat.runner.utils'),
  p('maybe_capture_participant_camera', 'pipecat.runner.utils'),
  p('DailyRoomConfig', 'pipecat.runner.daily'),
  p('configure', 'pipecat.runner.daily'),
  p('BaseTransport', 'pipecat.transports.base_transport'),
  p('TransportParams', 'pipecat.transports.base_transport'),
  p('DailyParams', 'pipecat.transports.daily.transport'),
  p('DailyTransport', 'pipecat.transports.daily.transport'),
  p('FastAPIWebsocketParams', 'pipecat.transports.websocket.fastapi'),
  p('Language', 'pipecat.transcriptions.language'),
  { name: 'AgentRequest', module: 'server_utils', group: 'local' },
  { name: 'DialoutRequest', module: 'server_utils', group: 'local' },
  { name: 'create_room', module: 'server_utils', group: 'local' },
  { name: 'start_bot', module: 'server_utils', group: 'local' },
];

/**
 * Remove comments and string literals so that names mentioned in prose do not count as uses.
 * f-string replacement fields are kept (`f"{value}"` uses `value`).
 *
 * @param code Python source
 */
function codeWithoutProse(code: string): string {
  let out = code.replace(/("""|''')[\s\S]*?\1/g, '""');
  out = out
    .split('\n')
    .map((line) => {
      let result = '';
      let i = 0;
      while (i < line.length) {
        const ch = line[i];
        if (ch === '#') break;
        if (ch === '"' || ch === "'") {
          const isF = /[fF]$/.test(result);
          let j = i + 1;
          let fields = '';
          while (j < line.length && line[j] !== ch) {
            if (line[j] === '\\') j++;
            else if (isF && line[j] === '{') {
              const end = line.indexOf('}', j);
              if (end > j) {
                fields += ' ' + line.slice(j + 1, end) + ' ';
                j = end;
              }
            }
            j++;
          }
          result += '""' + fields;
          i = j + 1;
          continue;
        }
        result += ch;
        i++;
      }
      return result;
    })
    .join('\n');
  return out;
}

/** An ASCII Python identifier: the names {@link identifierOrder} sorts without ICU. */
const ASCII_IDENTIFIER = /^[A-Za-z0-9_]*$/;

/**
 * `a.localeCompare(b)` (Unicode's root collation through ICU) for the names of a `from … import`
 * line, without ICU for ASCII identifiers: loading ICU's collator on the first `localeCompare`
 * was about 7 ms of every `pipecat init` (`node --cpu-prof`). The root collation's primary level
 * orders `_`, then digits, then letters, case-blind, over the whole name first; equal names then
 * put a lowercase letter before its capital at the first place they differ. Any other name (e.g.
 * `Client as TwilioClient`) is compared by `localeCompare` itself. test/python-imports.test.ts
 * checks the two agree.
 *
 * @returns negative when `a` sorts first, positive when `b` does, 0 when equal
 */
export function identifierOrder(a: string, b: string): number {
  if (!ASCII_IDENTIFIER.test(a) || !ASCII_IDENTIFIER.test(b)) return a.localeCompare(b);
  const primary = (c: number) => (c === 95 ? 0 : c <= 57 ? c - 47 : (c | 32) - 86); // _ 0-9 a-z
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = primary(a.charCodeAt(i)) - primary(b.charCodeAt(i));
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  if (a.length !== b.length) return a.length < b.length ? -1 : 1;
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a.charCodeAt(i) > b.charCodeAt(i) ? -1 : 1; // lowercase first
  return 0;
}

/**
 * The import block for `code`: one line per module, grouped and sorted.
 *
 * @param code rendered Python without imports
 * @param extra symbols the catalogue adds (the chosen services' classes)
 * @returns lines of the import block (no trailing newline), groups separated by a blank line
 */
export function importBlock(code: string, extra: readonly PythonImport[] = []): string {
  const bare = codeWithoutProse(code);
  const symbols: PythonSymbol[] = [...KNOWN_SYMBOLS];
  for (const imp of extra) for (const name of imp.names) symbols.push({ name, module: imp.from, group: 'pipecat' });
  const defined = new Set([...bare.matchAll(/^(?:async\s+def|def|class)\s+(\w+)|^(\w+)\s*[:=]/gm)].map((m) => m[1] ?? m[2]));
  const used = symbols.filter((s) => !defined.has(s.name) && new RegExp(`(?<![\\w.])${s.name}\\b`).test(bare));
  const groups: Record<PythonSymbol['group'], Map<string, Set<string>>> = {
    stdlib: new Map(),
    third_party: new Map(),
    pipecat: new Map(),
    local: new Map(),
  };
  const plain: Record<PythonSymbol['group'], Set<string>> = {
    stdlib: new Set(),
    third_party: new Set(),
    pipecat: new Set(),
    local: new Set(),
  };
  for (const s of used) {
    if (s.plain) plain[s.group].add(s.module);
    else {
      const names = groups[s.group].get(s.module) ?? new Set<string>();
      names.add(s.name === 'TwilioClient' ? 'Client as TwilioClient' : s.name);
      groups[s.group].set(s.module, names);
    }
  }
  const blocks: string[] = [];
  for (const g of ['stdlib', 'third_party', 'pipecat', 'local'] as const) {
    const lines = [
      ...[...plain[g]].sort().map((m) => `import ${m}`),
      ...[...groups[g].keys()].sort().map((m) => {
        const names = [...groups[g].get(m)!].sort(identifierOrder);
        const one = `from ${m} import ${names.join(', ')}`;
        return one.length <= 100 ? one : `from ${m} import (\n${names.map((n) => `    ${n},`).join('\n')}\n)`;
      }),
    ];
    if (lines.length) blocks.push(lines.join('\n'));
  }
  return blocks.join('\n\n');
}
