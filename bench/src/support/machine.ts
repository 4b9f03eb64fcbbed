import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';

interface MachineInfo {
  cpuModel: string;
  /** From /proc/cpuinfo: what the (virtual) CPU says its clock is. */
  cpuMHz?: number;
  cores: number;
  memoryGiB: number;
  loadAverage: number[];
  node: string;
  platform: string;
}

function machineInfo(): MachineInfo {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    cpuMHz: cpuMHz(),
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    loadAverage: os.loadavg().map((v) => Math.round(v * 100) / 100),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  };
}

function cpuMHz(): number | undefined {
  try {
    const values = [...readFileSync('/proc/cpuinfo', 'utf8').matchAll(/^cpu MHz\s*:\s*([\d.]+)/gm)].map((m) => Number(m[1]));
    return values.length ? Math.round(values.reduce((a, b) => a + b, 0) / values.length) : undefined;
  } catch {
    return undefined;
  }
}

/** The machine-wide CPU counters of /proc/stat's first line, in clock ticks. */
export interface CpuTimes {
  total: number;
  idle: number;
  steal: number;
}

export function cpuTimes(): CpuTimes {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal (guest time is already inside user).
    const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = fields;
    return { total: user + nice + system + idle + iowait + irq + softirq + steal, idle: idle + iowait, steal };
  } catch {
    return { total: 0, idle: 0, steal: 0 };
  }
}

/** Between two samples: % of all cores busy (not idle) and % stolen by the hypervisor. */
export function cpuUse(from: CpuTimes, to: CpuTimes): { busyPercent: number; stealPercent: number } {
  const total = to.total - from.total;
  if (total <= 0) return { busyPercent: NaN, stealPercent: NaN };
  const pct = (n: number) => Math.round((n / total) * 1000) / 10;
  return { busyPercent: pct(total - (to.idle - from.idle)), stealPercent: pct(to.steal - from.steal) };
}

/** What a reader needs to judge a run's figures: the machine, and how shared it was while the run ran. */
export interface MachineRecord extends MachineInfo {
  loadAverageAtStart: number[];
  loadAverageAtEnd: number[];
  /** % of all cores' time the hypervisor gave to others over the whole run. */
  stealPercent: number;
  /** % of all cores' time busy over the whole run (everyone's work, not only the bench's). */
  busyPercent: number;
}

export function machineRecord(start: { load: number[]; cpu: CpuTimes }): MachineRecord {
  const info = machineInfo();
  const use = cpuUse(start.cpu, cpuTimes());
  return {
    ...info,
    loadAverageAtStart: start.load.map((v) => Math.round(v * 100) / 100),
    loadAverageAtEnd: info.loadAverage,
    stealPercent: use.stealPercent,
    busyPercent: use.busyPercent,
  };
}

export function gitCommit(root: string): { commit: string; dirty: boolean } {
  try {
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const status = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: root, encoding: 'utf8' });
    return { commit, dirty: status.trim().length > 0 };
  } catch {
    return { commit: 'unknown', dirty: true };
  }
}
