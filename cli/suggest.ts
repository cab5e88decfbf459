/**
 * "Did you mean …?" for the command line: commands, sub-commands and flags, with the
 * one rule {@link closestMatch} that the resolver also uses for catalogue ids
 * (`generators/app/config/suggest.ts`).
 */
import { closestMatch } from '../generators/app/config/suggest.js';

export { closestMatch };

/** What a yargs usage object offers the failure handler: the commands and options of the context. */
export interface UsageContext {
  /** `[command, description, …]` rows of the current command's sub-commands. */
  getCommands(): readonly (readonly unknown[])[];
  /** Option name → description, for the current command. */
  getDescriptions(): Record<string, unknown>;
  /** `[usage, description]` rows: a command's own usage line first (`$0 cloud secrets set <name> …`). */
  getUsage?(): readonly (readonly unknown[])[];
}

/**
 * The usage line of the command yargs was parsing when it failed, with `$0` as `pipecat`
 * (`pipecat cloud secrets set <name> [pairs..]`), or undefined for the top level.
 *
 * @param usage yargs' usage object of the failing context
 */
export function commandUsage(usage: UsageContext | undefined): string | undefined {
  const line = usage?.getUsage?.()[0]?.[0];
  if (typeof line !== 'string' || !line.startsWith('$0 ') || line.startsWith('$0 <command>')) return undefined;
  return line.replace(/^\$0/, 'pipecat').split('\n')[0];
}

/**
 * The lines after a usage error: the command's usage and where its help is, or the general help.
 *
 * @param usageLine from {@link commandUsage}
 * @returns text ending in a newline
 */
export function usageHint(usageLine: string | undefined): string {
  if (!usageLine) return '  see `pipecat --help` (or `pipecat <command> --help`)\n';
  const words = usageLine.split(' ');
  const end = words.findIndex((w) => !/^[a-z][\w-]*$/.test(w));
  const path = words.slice(0, end < 0 ? words.length : end).join(' ');
  return `  usage: ${usageLine}\n  see \`${path} --help\`\n`;
}

/**
 * Rewrite a yargs failure message with suggestions: `Unknown argument: nmae` becomes
 * `unknown flag --nmae: did you mean --name?`, an unknown positional where a command is expected
 * becomes `unknown command innit: did you mean init?`, and a missing sub-command whose place holds
 * an unknown word (`cloud secrets lst`) names that word and the closest sub-command.
 *
 * @param msg the message yargs gives its `.fail()` handler
 * @param usage yargs' usage object of the failing context (third argument of `.fail()`)
 * @param rawArgs the command line as typed (after the executable), to tell flags from words
 * @returns one line per problem
 */
export function explainUsageFailure(msg: string, usage: UsageContext | undefined, rawArgs: readonly string[]): string[] {
  const commands = (usage?.getCommands() ?? []).map((row) => String(row[0]).split(' ')[0]).filter((c) => c !== '$0');
  const flags = Object.keys(usage?.getDescriptions() ?? {}).filter((f) => f.length > 1);
  // Each flag as yargs names it (without dashes, `no-` and `=value`) → whether it was typed negated
  // (`--no-recordng` is reported by yargs as `recordng`, and is shown back as typed).
  const typed = new Map<string, boolean>();
  for (const a of rawArgs.filter((arg) => arg.startsWith('-'))) {
    const name = a.replace(/^-+/, '').split('=')[0];
    typed.set(name, false);
    if (name.startsWith('no-') && !typed.has(name.slice(3))) typed.set(name.slice(3), true);
  }
  const typedFlags = new Set(typed.keys());
  // yargs names a dashed unknown flag twice: as typed (`list-option`) and camel-cased (`listOption`).
  const camel = new Set(
    [...typedFlags].filter((f) => f.includes('-')).map((f) => f.replace(/-+([^-])/g, (_m, c: string) => c.toUpperCase())),
  );
  const unknown = /^Unknown arguments?: (.*)$/.exec(msg);
  if (unknown) {
    const names = unknown[1].split(', ').filter((name) => typedFlags.has(name) || !camel.has(name));
    return names.map((name) => {
      if (typedFlags.has(name)) {
        const no = typed.get(name) ? 'no-' : '';
        const hint = closestMatch(name, flags);
        return `unknown flag ${name.length > 1 ? '--' : '-'}${no}${name}${hint ? `: did you mean --${no}${hint}?` : ''}`;
      }
      const hint = closestMatch(name, commands);
      if (commands.length) return `unknown command ${name}: ${hint ? `did you mean ${hint}?` : `choose one of ${commands.join(', ')}`}`;
      return `unexpected argument ${name}`;
    });
  }
  const recommended = /^Did you mean (\S+)\?$/.exec(msg);
  if (recommended && commands.includes(recommended[1])) {
    // yargs' own suggestion (`recommendCommands`) names no word: name the one it is for.
    const words = rawArgs.filter((a) => !a.startsWith('-'));
    const typo = words.find((w) => !commands.includes(w) && closestMatch(w, commands) === recommended[1]);
    if (typo) return [`unknown command ${typo}: did you mean ${recommended[1]}?`];
  }
  if (/^name a/.test(msg) && commands.length) {
    // A sub-command was expected: was a word given in its place?
    const words = rawArgs.filter((a) => !a.startsWith('-'));
    const stray = words.find((w) => !commands.includes(w) && closestMatch(w, commands));
    if (stray) return [`unknown command ${stray}: did you mean ${closestMatch(stray, commands)}?`];
  }
  return [msg];
}
