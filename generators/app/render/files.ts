/**
 * The declarative file table: which templates make which project files, under which condition.
 *
 * Sections are `{ when(ctx), from, to, files }` with named predicates from the template context.
 * Content varies through data and EJS partials, never through file names. Naming rules: a
 * `.ejs` suffix means "render with EJS" and is dropped; a leading `_` in a file name stands for
 * `.` (dotfiles are stored as `_gitignore`, `_env.example` so npm and editors leave them alone).
 */
import { readdirSync } from 'node:fs';
import { join, sep } from 'node:path';
import { planClient, type ClientPlan } from './client.js';
import { FEATURE_OPTIONS } from '../config/options.js';
import type { TemplateContext } from './context.js';
import { templatesDir } from '../paths.js';
import { YO_RC_FILE } from '../config/yo-rc.js';

/** One section of the table. */
interface FileSection {
  /** Name used in `--dry-run` output. */
  readonly name: string;
  readonly when: (ctx: TemplateContext) => boolean;
  /** Folder under `templates/`. */
  readonly from: string;
  /** Folder under the project root (`.` for the root). */
  readonly to: string;
  /** Template file names inside `from`. */
  readonly files: readonly string[];
}

/** The server and project files. The client section comes from `planClient` (see client.ts). */
const FILE_SECTIONS: readonly FileSection[] = [
  { name: 'server', when: () => true, from: 'server', to: 'server', files: ['bot.py.ejs', 'pyproject.toml.ejs', '_env.example.ejs'] },
  { name: 'call-server', when: (c) => c.is.callServer, from: 'server', to: 'server', files: ['server.py.ejs', 'server_utils.py.ejs'] },
  {
    name: 'cloud',
    when: (c) => c.is.cloud,
    from: 'server',
    to: 'server',
    files: ['Dockerfile.ejs', '_dockerignore', 'pcc-deploy.toml.ejs'],
  },
  // Each yes/no feature's own templates (its options row, `feature.server.files`), e.g. --eval's scenarios.
  ...FEATURE_OPTIONS.flatMap((o) =>
    (o.feature.server?.files ?? []).map((f): FileSection => ({
      name: f.name,
      when: (c) => c.config[o.key] === true && (!f.cascadeOnly || c.is.cascade),
      from: f.from,
      to: f.to,
      files: f.files,
    })),
  ),
  { name: 'project', when: () => true, from: 'project', to: '.', files: ['_gitignore', 'README.md.ejs'] },
  // Coding-agent guides: an existing guide is kept unless `--overwrite-guide` (the user may have edited it).
  { name: 'agent-guides', when: () => true, from: 'guides', to: '.', files: ['AGENTS.md.ejs', 'CLAUDE.md'] },
];

/**
 * Top-level files that are coding-agent guides: kept when they already exist in an in-place
 * target (a user's own `CLAUDE.md` is never overwritten silently), replaced with `--overwrite-guide`.
 */
export const GUIDE_FILES: readonly string[] = ['AGENTS.md', 'CLAUDE.md', 'GETTING_STARTED.md'];

/** One file to write. */
export interface PlannedFile {
  /** Absolute template path, or null for content made in code (the client's package.json, `.yo-rc.json`). */
  from: string | null;
  /** Path relative to the project root, with `/` separators. */
  to: string;
  /** Render `from` with EJS. */
  render: boolean;
  /** Section name. */
  section: string;
}

/**
 * Destination file name for a template file name: drop `.ejs`, turn a leading `_` into `.`.
 *
 * @param name a template file's base name
 */
function destinationName(name: string): string {
  const base = name.endsWith('.ejs') ? name.slice(0, -4) : name;
  return base.startsWith('_') ? `.${base.slice(1)}` : base;
}

/**
 * Every file of a template folder, recursively, as paths relative to it (sorted).
 *
 * @param dir absolute folder
 */
function walk(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const abs = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(abs).map((p) => join(entry.name, p)));
    else out.push(entry.name);
  }
  return out.sort();
}

/**
 * The files a configuration produces, in writing order.
 *
 * @param ctx template context
 * @param client the client plan (null when the project has no client)
 */
export function planFiles(ctx: TemplateContext, client: ClientPlan | null = planClient(ctx.config)): PlannedFile[] {
  const files: PlannedFile[] = [];
  const root = templatesDir();
  for (const s of FILE_SECTIONS) {
    if (!s.when(ctx)) continue;
    for (const f of s.files) {
      const to = s.to === '.' ? destinationName(f) : `${s.to}/${destinationName(f)}`;
      files.push({ from: join(root, s.from, f), to, render: f.endsWith('.ejs'), section: s.name });
    }
  }
  // Made in code (render.ts): the resolved configuration, so the project can be regenerated.
  files.push({ from: null, to: YO_RC_FILE, render: false, section: 'project' });
  if (client) {
    for (const rel of walk(client.templateDir)) {
      if (rel === 'package.json') continue;
      const parts = rel.split(sep);
      parts[parts.length - 1] = destinationName(parts[parts.length - 1]);
      files.push({ from: join(client.templateDir, rel), to: `client/${parts.join('/')}`, render: rel.endsWith('.ejs'), section: 'client' });
    }
    files.push({ from: null, to: 'client/package.json', render: false, section: 'client' });
  }
  return files;
}
