import { availableParallelism } from 'node:os';

/**
 * How many copies of the product the E2E run starts, one per test worker: each worker's files talk only to their
 * own server (its own embedded database, fake SMS provider and mail drop), so files never see each other's changes
 * to the demo data. E2E_SERVERS overrides; by default two when the machine has two cores or more.
 */
export function e2eSlots(): number {
  const fromEnv = Number(process.env.E2E_SERVERS);
  if (Number.isInteger(fromEnv) && fromEnv >= 1) return Math.min(fromEnv, 4);
  return availableParallelism() >= 2 ? 2 : 1;
}
