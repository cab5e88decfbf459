/**
 * Shapes of what the one reader of a project's server code finds (`python/pipecat_reader.py`, run
 * by `reader.ts` with Python's own `ast`), and of what follows from it for the project's
 * `.env.example`, dependencies and configuration (`facts.ts`). `pipecat update`, `pipecat doctor`
 * and the deploy preflight all read the code through these; none reads Python with regular
 * expressions.
 */

/** A place in a project file: project-relative path (`/`-separated) and 1-based line. */
export interface CodeLocation {
  readonly path: string;
  readonly line: number;
}

/** One Python file the reader was given, and whether it could be read. */
export interface ReadFile {
  readonly path: string;
  /** The file does not parse (`SyntaxError`): where and Python's message. Nothing else is read from it. */
  readonly error?: { readonly line: number; readonly message: string };
  /** 1-based lines holding a conflict marker (`<<<<<<<`, `=======`, `>>>>>>>` at a line start). */
  readonly markers?: readonly number[];
}

/**
 * One read of an environment variable: `os.getenv("X")`, `os.environ.get("X")`, `os.environ["X"]`,
 * `getenv("X")` after `from os import getenv`, `environ[...]` after `from os import environ`.
 * `required` is true for `os.environ["X"]` and for a read passed straight to a function named
 * `required` (the generated bot's helper); false when a default is given or the value may be None.
 */
interface EnvRead extends CodeLocation {
  readonly name: string;
  readonly required: boolean;
}

/** One imported module (`import a.b`, `from a.b import c`; relative imports are the project's own). */
export interface ModuleImport extends CodeLocation {
  /** Absolute dotted module, e.g. `pipecat.services.deepgram.stt` or `aiohttp`. */
  readonly module: string;
  /** Names imported from it (`from m import a, b`); empty for `import m`. */
  readonly names: readonly string[];
  /** In Python's standard library (`sys.stdlib_module_names` of the Python that read it). */
  readonly stdlib: boolean;
  /** Imported from a file of the project itself (a sibling module such as `server.py`). */
  readonly local: boolean;
}

/** A key of the transport-params dict given to pipecat's `create_transport` (the runner's `-t` value). */
interface RunnerTransportUse extends CodeLocation {
  readonly key: string;
  /** The key's params factory sets `video_in_enabled=True` or `video_out_enabled=True` (the transport's `videoExtras` apply). */
  readonly video?: boolean;
}

/**
 * A mechanical repair pipecat's deprecation registry allows: the relation `move` (a module's new
 * dotted path) or `rename` (a function's or class's new name), applied at one span of one line.
 */
export interface DeprecationFix {
  readonly relation: 'move' | 'rename';
  /** The text at the span now, and what replaces it. */
  readonly from: string;
  readonly to: string;
  /** 0-based column of `from` on the line (UTF-8 characters as Python's `ast` counts them: code points). */
  readonly column: number;
}

/** One use of a name pipecat's deprecation registry lists (`scripts/deprecations/deprecations.json`). */
export interface DeprecatedUse extends CodeLocation {
  /** The registry's subject, e.g. `PipelineTask`, `pipecat.pipeline.task`, `TTSService.text_filters`. */
  readonly subject: string;
  /** `module`, `class`, `function`, `method`, `property`, `parameter` or `event`. */
  readonly kind: string;
  readonly deprecatedIn: string;
  readonly removedIn: string;
  /** `use_existing`, `move`, `rename` or `none`. */
  readonly relation: string;
  readonly replacement?: string;
  /** pipecat's own message, as the registry words it. */
  readonly message: string;
  /** Present for `move` and `rename` uses that can be rewritten in place. */
  readonly fix?: DeprecationFix;
}

/** Everything the reader found in a project's server code. */
export interface CodeReading {
  readonly files: readonly ReadFile[];
  readonly env: readonly EnvRead[];
  readonly imports: readonly ModuleImport[];
  readonly transports: readonly RunnerTransportUse[];
  readonly deprecations: readonly DeprecatedUse[];
}

/** How the code (or pipecat for it) needs a variable. */
export type EnvNeed =
  /** The bot cannot run a session without it, locally or deployed. */
  | 'required'
  /** Read, with a fallback: the bot runs without it. */
  | 'optional'
  /** Needed by pipecat's development runner only; Pipecat Cloud supplies it to a deployed agent. */
  | 'local-only'
  /** Set by the runner or the platform (e.g. `ENV`): documented, never set by the user. */
  | 'runner-set';

/** One variable the project needs, with where it is read (first read) and why. */
export interface NeededVar {
  readonly name: string;
  readonly need: EnvNeed;
  /** First read in the code, or absent when pipecat reads it for a transport or service the code uses. */
  readonly at?: CodeLocation;
  /** For a variable pipecat reads: the catalogue entry (`twilio`, `daily`, `google_vertex_llm` …). */
  readonly readBy?: string;
}

/** What the server code, as it stands, needs from `.env.example`, `pyproject.toml` and `.yo-rc.json`. */
export interface CodeFacts {
  readonly reading: CodeReading;
  /** Every variable the code reads or pipecat reads for it, in first-read order. */
  readonly env: readonly NeededVar[];
  /** The pipecat-ai extras the imported pipecat modules and the runner transports need. */
  readonly extras: readonly string[];
  /**
   * Catalogue service ids the code constructs, by role (`tts: ['elevenlabs_tts']`): from the
   * pipecat classes it imports. A role with two ids means the code holds both.
   */
  readonly services: Readonly<Partial<Record<'stt' | 'llm' | 'tts' | 'realtime' | 'video', readonly string[]>>>;
  /** Catalogue transport ids the code serves (from the runner transports and the imports). */
  readonly transports: readonly string[];
  /** Third-party top-level modules imported (not stdlib, not pipecat, not the project's own). */
  readonly thirdParty: readonly ModuleImport[];
}

/** One entry of pipecat's deprecation registry (`scripts/deprecations/deprecations.json`, without `location`). */
interface RegistryEntry {
  readonly subject: string;
  /** Dotted module that defines the subject. */
  readonly module: string;
  readonly kind: string;
  readonly deprecated_in: string;
  readonly removed_in: string;
  readonly relation: string;
  readonly replacement?: string;
  readonly message: string;
}

/**
 * The facts about pipecat-ai shipped in `python/pipecat-data.json` (built by `npm run data:pipecat`,
 * `scripts/pipecat-data.ts`, from pipecat's source; see `scripts/pipecat-data.py` for each rule).
 */
export interface PipecatData {
  /** The pipecat-ai source it was built from: version and short commit. */
  readonly pipecat: { readonly version: string; readonly commit: string };
  /** Normalised dist names (PEP 503) of pipecat-ai's own dependencies. */
  readonly core: readonly string[];
  /** Each extra's dists (an extra naming another, `pipecat-ai[daily]`, holds that one's dists). */
  readonly extras: Readonly<Record<string, readonly string[]>>;
  /** Extra → the extras it names itself (`tavus = ["pipecat-ai[daily]"]`), for those that name any. */
  readonly extraIncludes: Readonly<Record<string, readonly string[]>>;
  /** Per pipecat module, the extras importing it needs (transitively); absent: none. */
  readonly moduleExtras: Readonly<Record<string, readonly string[]>>;
  /** Import names of the dists whose import name is not the dist name with `-` as `_` (dotted for namespace packages). */
  readonly importNames: Readonly<Record<string, readonly string[]>>;
  /** Class name → base class names, for the classes the deprecation matching needs. */
  readonly classBases: Readonly<Record<string, readonly string[]>>;
  readonly deprecations: readonly RegistryEntry[];
}
