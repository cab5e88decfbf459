/**
 * Render a whole project in memory: the file table applied to a configuration.
 *
 * Yeoman-free, so `--dry-run` and tests can use it; the generator writes its result through
 * mem-fs. Python files get their import block from what the rendered code uses
 * (`python-imports.ts`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ejs from 'ejs';
import { planClient } from './client.js';
import { PLATFORM_SDKS, type ClientRunnerTransport } from '../catalogue/client-kinds.js';
import { buildContext, featureServerParts, type TemplateContext } from './context.js';
import type { ProjectConfig } from '../config/types.js';
import { planFiles, type PlannedFile } from './files.js';
import { packageInfo, templatesDir } from '../paths.js';
import { importBlock } from './python-imports.js';
import { YO_RC_FILE, yoRcContents } from '../config/yo-rc.js';

/**
 * One rendered file: POSIX `path` relative to the project root, its `contents`, and the file
 * table's `section` it came from (`update/base.ts` re-exports it).
 */
export interface RenderedFile {
  path: string;
  contents: string | Buffer;
  section: string;
}

/** A rendered file: its project-relative path and contents. */

/** Marker the Python templates put where the import block goes. */
const IMPORTS_MARKER = '{{IMPORTS}}';

/**
 * Tidy generated text: no trailing spaces, at most two blank lines in a row, one final newline.
 *
 * @param text rendered text
 */
function tidy(text: string): string {
  return (
    text
      .split('\n')
      .map((l) => l.replace(/\s+$/, ''))
      .join('\n')
      .replace(/\n{4,}/g, '\n\n\n')
      .replace(/\s*$/, '') + '\n'
  );
}

/**
 * Render the project's own files: the file table applied to a configuration (no base copies).
 *
 * @param config a resolved configuration
 * @returns files in writing order
 * @throws Error when a template fails to render (a bug, not a user mistake)
 */
export function renderFiles(config: ProjectConfig): RenderedFile[] {
  const ctx = buildContext(config);
  const client = planClient(config);
  // Names the chosen services, transports and features need beyond the templates' known ones.
  const serviceImports = [
    ...ctx.chosen.flatMap((c) => c.def.imports),
    ...ctx.transports.flatMap((t) => t.imports ?? []),
    ...featureServerParts(ctx.config).flatMap((f) => [
      ...(f.runnerEntry ? [{ from: f.runnerEntry.module, names: [f.runnerEntry.className] }] : []),
      ...(f.imports ?? []),
    ]),
  ];
  const data: Record<string, unknown> = {
    ...ctx,
    usesPresent: ctx.chosen.some((c) => /\bpresent\(/.test(c.def.construct)),
    project: true,
    toolVersion: packageInfo().version,
    client: client?.context ?? null,
    // Pipecat's client SDKs for the chosen web transports (README: "Bring your own app").
    platformSdks: ctx.transports
      .filter((t) => t.kind === 'web' && t.runnerTransport in PLATFORM_SDKS)
      .map((t) => ({ transport: t, sdks: PLATFORM_SDKS[t.runnerTransport as ClientRunnerTransport] })),
  };
  return planFiles(ctx, client).map((f) => renderOne(f, ctx, data, client?.context ?? {}, client?.packageJson, serviceImports));
}

/**
 * The "build with a coding agent" files (`--coding-agent`, as pipecat's `src/pipecat/cli/agent_templates/`): `AGENTS.md` in its
 * no-project-yet form, `CLAUDE.md` pointing to it, and `GETTING_STARTED.md`; no bot.
 *
 * @param name the project (folder) name shown in the guide
 * @returns files in writing order, paths relative to the folder
 */
export function renderGuidesOnly(name: string): RenderedFile[] {
  const dir = join(templatesDir(), 'guides');
  const locals = { project: false, name, toolVersion: packageInfo().version, config: { project_name: name } };
  const render = (file: string): string =>
    tidy(ejs.render(readFileSync(join(dir, file), 'utf8'), locals, { filename: join(dir, file), escape: (v: unknown) => String(v ?? '') }));
  return [
    { path: 'AGENTS.md', contents: render('AGENTS.md.ejs'), section: 'agent-guides' },
    { path: 'CLAUDE.md', contents: readFileSync(join(dir, 'CLAUDE.md')), section: 'agent-guides' },
    { path: 'GETTING_STARTED.md', contents: render('GETTING_STARTED.md.ejs'), section: 'agent-guides' },
  ];
}

function renderOne(
  f: PlannedFile,
  ctx: TemplateContext,
  data: Record<string, unknown>,
  clientData: Record<string, unknown>,
  packageJson: Record<string, unknown> | undefined,
  serviceImports: TemplateContext['chosen'][number]['def']['imports'][number][],
): RenderedFile {
  if (f.from === null) {
    if (f.to === YO_RC_FILE) return { path: f.to, contents: yoRcContents(ctx.config), section: f.section };
    return { path: f.to, contents: JSON.stringify(packageJson, null, 2) + '\n', section: f.section };
  }
  if (!f.render) return { path: f.to, contents: readFileSync(f.from), section: f.section };
  const template = readFileSync(f.from, 'utf8');
  const locals = f.section === 'client' ? { ...data, ...clientData } : data;
  // Only HTML needs escaping; Python, TOML, Markdown and dotenv files are written as is.
  const escape = /\.html?(\.ejs)?$/.test(f.from) ? undefined : (v: unknown) => String(v ?? '');
  let text = ejs.render(template, locals, { filename: f.from, ...(escape ? { escape } : {}) });
  if (f.to.endsWith('.py')) {
    const code = text.replace(IMPORTS_MARKER, '');
    text = text.replace(IMPORTS_MARKER, importBlock(code, serviceImports));
  }
  return { path: f.to, contents: tidy(text), section: f.section };
}
