import { inject } from 'vitest';
import type { TE2eServer } from './global-setup';

/**
 * The copy of the product this test worker talks to (global-setup starts one per worker). Vitest numbers the
 * workers running at once from 1 (VITEST_POOL_ID), so two files never share a server at the same time.
 */
export function currentServer(): TE2eServer {
  const servers = inject('servers');
  const slot = Number(process.env.VITEST_POOL_ID ?? '1') - 1;
  return servers[(Number.isInteger(slot) && slot >= 0 ? slot : 0) % servers.length]!;
}
