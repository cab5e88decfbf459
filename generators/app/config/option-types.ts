/**
 * The shape of one row of the options table (`option-table.ts`): what a flag, a config key, a
 * wizard step and a yes/no feature are made of. Types only, so the table, the resolver and the
 * front ends can all read it.
 *
 * Source: pipecat's own `pipecat init` (pipecat-ai/pipecat 1.8.0, commit acead05: `src/pipecat/cli/commands/init.py`) for the options, and JHipster's
 * `command.ts` (one row per option, flag, prompt and stored key) for the shape.
 */
import type { PythonImport, ServiceRole } from '../catalogue/types.js';

/** Where a value came from; decides how problems name it. */
export type ValueSource = 'flag' | 'config' | 'default';

/**
 * What a yes/no feature adds to the generated server when it is on, beyond what its templates
 * switch on `config.<key>` (a feature is its options row plus its templates).
 */
export interface FeatureServerParts {
  /**
   * An entry of `create_transport`'s params dict in bot.py: pipecat's runner serves it as
   * `-t <key>` (`runner/utils.py`). `className` is a params class of pipecat 1.7.0, imported from
   * `module`; `call` is the kind of session it brings (`web`: an RTVI client).
   */
  readonly runnerEntry?: {
    readonly key: string;
    readonly className: string;
    readonly module: string;
    readonly comment: string;
    readonly call: 'web';
  };
  /** pipecat-ai extras for the `dev` dependency group of pyproject.toml (local tools the image goes without). */
  readonly devExtras?: readonly string[];
  /**
   * Python names its template code uses beyond those `render/python-imports.ts` knows (e.g. an
   * observer class): written into the import block of each generated file that uses them.
   */
  readonly imports?: readonly PythonImport[];
  /**
   * Template folders written with the feature: `templates/<from>` to `<to>` in the project, each
   * named in `--dry-run` output; `cascadeOnly` ones only for cascade bots.
   */
  readonly files?: readonly {
    readonly name: string;
    readonly from: string;
    readonly to: string;
    readonly files: readonly string[];
    readonly cascadeOnly?: boolean;
  }[];
}

/**
 * How the project README shows a feature that is on: its word in the summary table's Features
 * row and, optionally, its bullet under `## Features`.
 */
export interface FeatureReadme {
  /** Its entry in the README's Features row, e.g. `observability (Whisker)`. */
  readonly label: string;
  /**
   * Its bullet under the README's `## Features` heading: a partial under `templates/project/`
   * (rendered with the README's context), and where it goes among the others (ascending `order`).
   */
  readonly section?: { readonly partial: string; readonly order: number };
}

/** A yes/no feature, as data: its row says everything a front end or template needs. */
export interface FeatureDefinition {
  /** The wizard's question, asked in table order among the feature questions. */
  readonly prompt: string;
  /** Its word in the wizard's summary when it is on. */
  readonly summary: string;
  /** `web`: web bots only; `cloud`: unless deployment is off; `video-output`: web bots without an avatar given. */
  readonly askWhen?: 'web' | 'cloud' | 'video-output';
  /** How the project README shows it (see {@link FeatureReadme}). */
  readonly readme: FeatureReadme;
  /** What it adds to the server when on (see {@link FeatureServerParts}). */
  readonly server?: FeatureServerParts;
}

/**
 * One option: its config key, its flag, and how values are typed. `ProjectConfig` is computed from
 * these rows (`options.ts`): `type`, `choices` and `nullable` give each key's TypeScript type.
 *
 * @typeParam K the config key (a literal in the table)
 */
export interface OptionDefinition<K extends string = string> {
  /** Key in the JSON config file, in `--dry-run` output and in `ProjectConfig`. */
  readonly key: K;
  /** Long flag name without dashes, e.g. `bot-type`. */
  readonly flag: string;
  /** One-letter short flag, e.g. `b`. */
  readonly short?: string;
  /** Other long flags accepted for the same option (e.g. `enable-krisp`). */
  readonly flagAliases?: readonly string[];
  /** Other config keys accepted for the same option (the Python tool's short keys). */
  readonly configAliases?: readonly string[];
  readonly type: 'string' | 'array' | 'boolean';
  /** A fixed set of values (`web`, `telephony`): the key's type is their union. */
  readonly choices?: readonly string[];
  /** The values the catalogue allows (open data: the key's type stays `string`). */
  readonly values?: () => readonly string[];
  /** A service key: the catalogue role whose ids it takes (`stt`, `llm` …). */
  readonly role?: ServiceRole;
  /**
   * A pipecat-ai version (`./pipecat-version.ts`: PEP 440 `X.Y.Z` with optional suffixes), at
   * least this one.
   */
  readonly versionFloor?: string;
  /** Resolved to `null` when not set (optional keys); required keys are never null. */
  readonly nullable?: true;
  /** Default when neither the command line nor the config file gives a value. */
  readonly default?: boolean;
  /** Help text for `--help`. */
  readonly describe: string;
  /** Placeholder shown in help, e.g. `<id>`. */
  readonly valueHint?: string;
  /** How the wizard and its messages name the option, e.g. `Recording`. */
  readonly label: string;
  /**
   * A yes/no feature: the wizard asks `prompt` in table order among the feature questions, only
   * when `askWhen` holds, and the summary lists `summary` when it is on. Templates switch on
   * `config.<key>` (or a context predicate derived from it).
   */
  readonly feature?: FeatureDefinition;
}
