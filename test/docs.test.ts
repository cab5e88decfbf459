/**
 * The reference docs derived from data match the data (run `npm run docs` after changing the
 * catalogue or the options table).
 */
import { describe, expect, test } from '@jest/globals';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { renderClientsDoc, renderConfigurationDoc, renderDeviationsDoc, renderServicesDoc } from '../scripts/render-docs.js';
import { renderCloudCommandsDoc } from '../scripts/render-cloud-docs.js';
import { CLOUD_COMMANDS } from '../cli/commands/cloud/cloud.js';
import { definitionLeaves } from '../cli/commands/cloud/define.js';
import { OFFICIAL_COMMANDS } from '../cli/commands/cloud/official-commands.js';
import { CLIENT_KINDS } from '../generators/app/catalogue/client-kinds.js';
import { SERVICES_BY_ROLE } from '../generators/app/catalogue/catalogue.js';
import { ROOT, runCli } from './helpers/cli.js';
import { ExitCode } from '../cli/errors.js';
import { UPDATE_EXIT } from '../generators/app/update/update.js';

/** Rows of docs/exit-codes.md's table: code and `ExitCode` name. */
function exitCodeTable(): { code: number; name: string }[] {
  const text = readFileSync(join(ROOT, 'docs', 'exit-codes.md'), 'utf8');
  return [...text.matchAll(/^\| (\d+) \| `(\w+)` \|/gm)].map((m) => ({ code: Number(m[1]), name: m[2] }));
}

/** The codes an `Exit codes: …` epilogue of `--help` names (the number starting each item). */
function epilogueCodes(help: string): number[] {
  const text = /Exit codes: (.*?)\.(?: [A-Z]|\s*$)/.exec(help.replace(/\s+/g, ' '))?.[1] ?? '';
  return [...text.matchAll(/(?:^|[,;] )(\d+) /g)].map((m) => Number(m[1]));
}

describe('generated docs', () => {
  test('docs/cloud-commands.md is up to date with the cloud command definitions', () => {
    expect(readFileSync(join(ROOT, 'docs', 'cloud-commands.md'), 'utf8')).toBe(renderCloudCommandsDoc());
  });

  test('every cloud command follows an official command of that name, or none', () => {
    const officials = definitionLeaves(CLOUD_COMMANDS).map((l) => l.official);
    expect(officials.filter((o) => o !== null && !OFFICIAL_COMMANDS.includes(o))).toEqual([]);
    expect(new Set(officials.filter((o) => o !== null)).size).toBe(officials.filter((o) => o !== null).length);
  });

  test('docs/configuration.md is up to date with the options table', () => {
    expect(readFileSync(join(ROOT, 'docs', 'configuration.md'), 'utf8')).toBe(renderConfigurationDoc());
  });

  test('docs/services.md is up to date with the catalogue and lists every entry', () => {
    const text = readFileSync(join(ROOT, 'docs', 'services.md'), 'utf8');
    expect(text).toBe(renderServicesDoc());
    for (const list of Object.values(SERVICES_BY_ROLE)) for (const s of list) expect(text).toContain(`\`${s.id}\``);
  });

  test('docs/deviations.md is up to date with the deviation records and lists every entry', () => {
    const text = readFileSync(join(ROOT, 'docs', 'deviations.md'), 'utf8');
    expect(text).toBe(renderDeviationsDoc());
    for (const list of Object.values(SERVICES_BY_ROLE)) for (const s of list) expect(text).toContain(`### \`${s.id}\``);
  });

  test('docs/clients.md has the client table of CLIENT_KINDS, one row per kind', () => {
    const text = readFileSync(join(ROOT, 'docs', 'clients.md'), 'utf8');
    expect(text).toBe(renderClientsDoc(text));
    for (const k of CLIENT_KINDS) expect(text).toContain(`\`templates/client/${k.template}/\``);
  });
});

describe('exit codes', () => {
  test("docs/README.md's exit-code table has a row for every code `pipecat --help` names, and no other", () => {
    const help = runCli(['--help']);
    expect(help.code).toBe(0);
    const epilogue = /Exit codes: ([\s\S]*?)\.\s*\n/.exec(help.stdout)?.[1].replace(/\s+/g, ' ') ?? '';
    const fromHelp = [...epilogue.matchAll(/(?:^|, )(\d+) /g)].map((m) => m[1]);
    const section =
      readFileSync(join(ROOT, 'docs', 'README.md'), 'utf8')
        .split('## Exit codes')[1]
        ?.split('\n## ')[0] ?? '';
    const fromDocs = [...section.matchAll(/^\| (\d+) \|/gm)].map((m) => m[1]);
    expect(fromHelp).toEqual(expect.arrayContaining(['0', '2', '130', '143']));
    expect(fromDocs).toEqual(fromHelp);
  });

  test('docs/exit-codes.md has one row per ExitCode, by name and value, and no other; update codes are among them', () => {
    const rows = exitCodeTable();
    expect(rows).toEqual(Object.entries(ExitCode).map(([name, code]) => ({ code, name })));
    expect(Object.values(UPDATE_EXIT).every((c) => rows.some((r) => r.code === c))).toBe(true);
    expect({ conflicts: UPDATE_EXIT.conflicts, markers: UPDATE_EXIT.markers }).toEqual({
      conflicts: ExitCode.updateConflicts,
      markers: ExitCode.updateConflictMarkers,
    });
  });

  test("every command's --help names only codes of docs/exit-codes.md, SIGTERM's (143) wherever SIGINT's (130)", () => {
    const table = exitCodeTable().map((r) => r.code);
    const commands = [
      [],
      ['init'],
      ['update'],
      ['doctor'],
      ['cloud', 'secrets', 'set'],
      ['cloud', 'secrets', 'list'],
      ['cloud', 'secrets', 'delete'],
    ];
    const seen: Record<string, number[]> = {};
    for (const c of commands) {
      const r = runCli([...c, '--help']);
      expect(r.code).toBe(0);
      seen[c.join(' ') || 'pipecat'] = epilogueCodes(r.stdout);
    }
    for (const [command, codes] of Object.entries(seen)) {
      expect({ command, named: codes.length > 0, unknown: codes.filter((c) => !table.includes(c)) }).toEqual({
        command,
        named: true,
        unknown: [],
      });
      if (codes.includes(130)) expect({ command, sigterm: codes.includes(143) }).toEqual({ command, sigterm: true });
    }
    // The top-level --help names every code; init's names the three signals it stops on.
    expect(seen.pipecat).toEqual(table);
    expect(seen.init).toEqual(expect.arrayContaining([ExitCode.hangup, ExitCode.interrupted, ExitCode.terminated]));
  });
});

describe('Pipecat Cloud commands', () => {
  /** A `pcc` command: the word `pcc` not followed by `-` (the file name `pcc-deploy.toml`); `pcc_pat_` is a token prefix. */
  const PCC_COMMAND = /\bpcc\b(?!-)/;

  /** `file:line` of every line under `paths` (files or folders, relative to the root) naming a `pcc` command. */
  function pccLines(paths: readonly string[]): string[] {
    const files = paths.flatMap((p) =>
      statSync(join(ROOT, p)).isDirectory()
        ? readdirSync(join(ROOT, p), { recursive: true, encoding: 'utf8' })
            .map((f) => join(p, f))
            .filter((f) => statSync(join(ROOT, f)).isFile())
        : [p],
    );
    return files.flatMap((f) =>
      readFileSync(join(ROOT, f), 'utf8')
        .split('\n')
        .flatMap((line, i) => (PCC_COMMAND.test(line) ? [`${f}:${i + 1}`] : [])),
    );
  }

  test('no template, generator, CLI source or doc names the removed `pcc` command (pipecatcloud 1.0: `pipecat cloud …`)', () => {
    expect(pccLines(['templates', 'generators', 'cli', 'docs', 'README.md'])).toEqual([]);
  });

  test('the check finds a `pcc` command (and passes over pcc-deploy.toml and pcc_pat_)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pipecat-pcc-'));
    try {
      writeFileSync(join(dir, 'a.md'), 'edit pcc-deploy.toml\ntoken pcc_pat_x\nrun `uv run pcc deploy`\n');
      expect(pccLines([relative(ROOT, dir)])).toEqual([`${relative(ROOT, join(dir, 'a.md'))}:3`]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
