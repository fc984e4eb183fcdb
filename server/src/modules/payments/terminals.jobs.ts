import type { TAppDeps } from '../../context';
import { runInScope } from '../../db/client';
import { completeJob, rescheduleJob, type TJobHandler } from '../../jobs/outbox';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import { PaymentError, type TTerminalRequest } from '../../payments/payments';
import { findCompany } from '../companies/companies.api';
import { processorForCompany, type TPaymentLog } from './payments.processor';
import { applyTerminalState, voidPartialOf } from './terminals.outcome';
import * as repo from './terminals.repository';
import { TERMINAL_POLL_KIND, TERMINAL_POLL_MS } from './terminals.service';

/**
 * How long a terminal request is followed: the device waits 180 s for a card by default and the processor's docs ask
 * to poll for the whole timeout (a request dropped early risks a second charge); after that and a margin, the request
 * is cancelled at the terminal and ends as timed out.
 */
export const TERMINAL_FOLLOW_MS = 240_000;

const timedOut = (key: string): TTerminalRequest => ({ key, state: 'timeout', providerStatus: 'timeout', transaction: null, expiresAt: null });

/**
 * The poll job of one terminal request: asks the processor, applies the answer (payment recorded when the card went
 * through), and comes back in TERMINAL_POLL_MS while the terminal is still busy. A webhook that settles the same sale
 * first leaves nothing for it to record twice (the sale is unique per processor key, the request is paid once).
 */
export function createTerminalJobHandlers(opts: { deps: TAppDeps; log: TPaymentLog }): Record<string, TJobHandler> {
  const { deps } = opts;
  return {
    [TERMINAL_POLL_KIND]: async ({ job }) => {
      const companyId = job.companyId!;
      const id = Number(job.payload.id);
      const loaded = await runInScope(deps.db, { companyId }, async (tx) => {
        const row = await repo.findTerminalRequest(tx, { companyId, id });
        return row && row.providerKey && ['pending', 'processing'].includes(row.state) ? { row, company: await findCompany(tx, companyId) } : null;
      });
      if (!loaded || !loaded.company) return;
      const { row, company } = loaded;
      const processor = processorForCompany({ config: deps.config, company, log: opts.log, paymentRequestId: row.paymentRequestId });
      let state: TTerminalRequest;
      try {
        if (!processor) state = { ...timedOut(row.providerKey!), state: 'error', providerStatus: 'payments are off' };
        else state = await processor.getTerminalRequest({ requestKey: row.providerKey! });
      } catch (err) {
        if (!(err instanceof PaymentError) || err.retryable) throw err;
        state = { ...timedOut(row.providerKey!), state: 'error', providerStatus: err.message };
      }
      const running = state.state === 'pending' || state.state === 'processing';
      if (running && Date.now() - row.createdAt.getTime() > TERMINAL_FOLLOW_MS) {
        await processor?.cancelTerminalRequest({ requestKey: row.providerKey! }).catch(() => undefined);
        state = timedOut(row.providerKey!);
      }
      const partialVoided = await voidPartialOf({ processor, row, state, log: opts.log });
      return runWithLiveEvents({
        deps,
        scope: { companyId },
        fn: async (tx, emit) => {
          const applied = await applyTerminalState(tx, { deps, row, state, emit, partialVoided });
          if (applied && ['pending', 'processing'].includes(applied.state)) {
            await rescheduleJob(tx, { jobId: job.id, runAt: new Date(Date.now() + TERMINAL_POLL_MS) });
            return 'rescheduled' as const;
          }
          await completeJob(tx, job.id);
          return 'rescheduled' as const;
        },
      });
    },
  };
}
