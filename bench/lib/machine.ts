import fs from 'node:fs';
import os from 'node:os';

export interface MachineInfo {
  nproc: number;
  cpu: string;
  memory_gib: number;
  node: string;
  platform: string;
}

/** CPU time all CPUs of the machine have spent busy so far, in ms (100 ms per second = one core). */
export function machineBusyMs(): number {
  return os.cpus().reduce((sum, cpu) => sum + cpu.times.user + cpu.times.nice + cpu.times.sys + cpu.times.irq, 0);
}

/** The machine the figures were taken on: they mean little without it. */
export function machineInfo(): MachineInfo {
  let cpu = os.cpus()[0]?.model ?? 'unknown';
  try {
    const line = fs.readFileSync('/proc/cpuinfo', 'utf8').split('\n').find((l) => l.startsWith('model name'));
    if (line) cpu = line.split(':').slice(1).join(':').trim();
  } catch {
    // Not Linux: os.cpus() said what it could.
  }
  return {
    nproc: os.availableParallelism(),
    cpu,
    memory_gib: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
  };
}
