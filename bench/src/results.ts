import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';

const RESULTS_DIR = fileURLToPath(new URL('../results/', import.meta.url));

/** The machine facts every report carries, so figures are never read without their context. */
export function describeMachine(): { node: string; cpus: number; cpuModel: string } {
  const list = cpus();
  return { node: process.version, cpus: list.length, cpuModel: list[0]?.model ?? 'unknown' };
}

/** Writes bench/results/<name>.json (the folder is gitignored) and returns its path. */
export function writeResultFile(opts: { name: string; report: Record<string, unknown> }): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = `${RESULTS_DIR}${opts.name}.json`;
  writeFileSync(file, `${JSON.stringify({ date: new Date().toISOString(), ...describeMachine(), ...opts.report }, null, 2)}\n`);
  return file;
}
