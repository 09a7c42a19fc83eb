import type { AwilixContainer } from 'awilix';

/** An operator command a plugin adds to `npx storekeep` (for example `apikey create`). */
export interface CliCommand {
  /** One or two words: `migrate`, `apikey create`. */
  name: string;
  summary: string;
  /** Option names and whether each takes a value (`--name N`) or is a flag (`--test`). */
  options?: Record<string, { type: 'string' | 'boolean'; description: string; required?: boolean }>;
  /** `positionals` are the words after the command name (`apikey revoke 3` → ['3']). */
  run(args: { options: Record<string, string | boolean | undefined>; positionals: string[]; container: AwilixContainer; print: (line: string) => void }): Promise<void>;
}

export class CliRegistry {
  private readonly commands = new Map<string, CliCommand & { plugin: string }>();

  add(plugin: string, command: CliCommand): void {
    if (this.commands.has(command.name)) throw new Error(`CLI command "${command.name}" is already defined by "${this.commands.get(command.name)!.plugin}".`);
    this.commands.set(command.name, { ...command, plugin });
  }

  find(words: string[]): { command: CliCommand; rest: string[] } | undefined {
    for (const n of [2, 1]) {
      const command = this.commands.get(words.slice(0, n).join(' '));
      if (command) return { command, rest: words.slice(n) };
    }
    return undefined;
  }

  list(): Array<CliCommand & { plugin: string }> {
    return [...this.commands.values()];
  }
}
