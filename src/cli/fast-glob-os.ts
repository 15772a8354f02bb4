import os from 'node:os';

/**
 * Bundled in place of `os` for fast-glob's settings module only (build-bundle.ts). fast-glob 3.3.3
 * out/settings.js reads `os.cpus().length` when it loads, as the default `concurrency`; os.cpus()
 * reads /proc/cpuinfo and /proc/stat, 4 ms a run. Node's documentation points a count of CPUs to
 * os.availableParallelism() (https://nodejs.org/docs/latest-v20.x/api/os.html#oscpus), which this
 * list has the length of; fast-glob reads nothing but the length.
 */
export function cpus(): readonly os.CpuInfo[] {
  const idle: os.CpuInfo = { model: '', speed: 0, times: { user: 0, nice: 0, sys: 0, idle: 0, irq: 0 } };
  return Array.from({ length: os.availableParallelism() }, () => idle);
}

