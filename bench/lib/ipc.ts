import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The `#!/usr/bin/env -S NAME=value … node --flag …` line of bin/storekeep.mjs, parsed. */
function servingLine(): { assignments: string[]; flags: string[] } {
  const shebang = fs.readFileSync(path.join(REPO_ROOT, 'bin', 'storekeep.mjs'), 'utf8').split('\n', 1)[0]!;
  const match = /^#!\/usr\/bin\/env -S(?<assignments>( [A-Z_]+=\S+)*) node(?<flags>( --[\w-]+(=\S+)?)*)$/.exec(shebang);
  if (!match) throw new Error(`bin/storekeep.mjs: unexpected first line ${JSON.stringify(shebang)}`);
  const words = (text: string) => text.trim().split(' ').filter(Boolean);
  return { assignments: words(match.groups!.assignments!), flags: words(match.groups!.flags!) };
}

/**
 * The Node flags of the store's entry point (the `#!` line of bin/storekeep.mjs, which `npm start`,
 * the systemd unit and the container run), so that the measured store runs with the V8 settings a
 * real one has.
 */
export function servingNodeFlags(): string[] {
  return servingLine().flags;
}

/** The environment the same line sets (glibc's malloc arenas), for the same reason. */
export function servingEnvironment(): Record<string, string> {
  return Object.fromEntries(servingLine().assignments.map((a) => [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]));
}

import type { ProcessStats } from './ipc-child.mjs';

export { ownStats, serveParent, type ProcessStats } from './ipc-child.mjs';

/**
 * A module of bench/lib run as its own Node process (a .ts one through tsx), so that the server under
 * test and the load generator never share an event loop. It talks over the IPC channel.
 */
export class Child {
  private readonly proc: ChildProcess;
  private exited = false;
  private readonly exit: Promise<number | null>;

  constructor(file: string, env: NodeJS.ProcessEnv, nodeFlags: string[] = []) {
    this.proc = fork(path.join(REPO_ROOT, 'bench', 'lib', file), [], {
      cwd: REPO_ROOT,
      env,
      execArgv: [...nodeFlags, ...(file.endsWith('.ts') ? ['--import', 'tsx'] : [])],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.exit = new Promise((resolve) => this.proc.once('exit', (code) => { this.exited = true; resolve(code); }));
  }

  get pid(): number {
    return this.proc.pid!;
  }

  /** Sends a message and waits for the reply of type `${type}:done` (or the child's error or death). */
  ask<T = any>(message: { type: string } & Record<string, unknown>, timeoutMs = 120_000): Promise<T> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => finish(new Error(`${message.type}: no answer after ${timeoutMs / 1000} s`)), timeoutMs);
      const onMessage = (reply: any) => {
        if (reply?.type === `${message.type}:done`) finish(undefined, reply);
        else if (reply?.type === 'error') finish(new Error(reply.message));
      };
      const onExit = (code: number | null) => finish(new Error(`the process ended (exit code ${code}) before answering ${message.type}`));
      const finish = (err?: Error, reply?: T) => {
        clearTimeout(timer);
        this.proc.off('message', onMessage);
        this.proc.off('exit', onExit);
        if (err) reject(err);
        else resolve(reply!);
      };
      this.proc.on('message', onMessage);
      this.proc.once('exit', onExit);
      if (this.exited) return onExit(this.proc.exitCode);
      this.proc.send(message);
    });
  }

  stats(): Promise<ProcessStats> {
    return this.ask({ type: 'stats' });
  }

  /** Asks the child to stop cleanly; kills it if it has not ended after `graceMs`. */
  async stop(graceMs = 30_000): Promise<void> {
    if (this.exited) return;
    const timer = setTimeout(() => this.proc.kill('SIGKILL'), graceMs);
    try {
      this.proc.send({ type: 'stop' });
    } catch {
      this.proc.kill('SIGTERM');
    }
    await this.exit;
    clearTimeout(timer);
  }
}
