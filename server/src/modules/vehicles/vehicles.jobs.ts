import { createHash } from 'node:crypto';
import { customerDisplayName } from '@cd/contracts/customer';
import type { TAutomotiveMessages } from '@cd/contracts/company';
import { vehicleDisplayName } from '@cd/contracts/vehicle';
import type { TChannel } from '@cd/contracts/customer';
import type { TAppDeps } from '../../context';
import { runInScope } from '../../db/client';
import type { TJobHandler } from '../../jobs/outbox';
import { findCompany } from '../companies/companies.api';
import { findCustomer } from '../customers/customers.api';
import { JOB_VEHICLE_APPRAISAL_NOTIFY } from './vehicle-appraisal.service';
import * as repo from './vehicles.repository';

/** Channels that carry the staff SMS, best first (as staff alerts do: the company's own numbers before the simulator). */
const SMS_CHANNELS: TChannel[] = ['sms_provider', 'sms_gateway', 'simulator'];

/**
 * Tells the company's people that a customer was offered an appraisal: an e-mail to each of
 * vehicleAppraisalNotificationEmails and an SMS to each of vehicleAppraisalNotificationSms (these are plain
 * addresses, not users, so they go out here rather than as user notifications). The SMS carries an idempotency key
 * per number; a number no channel can reach is logged and skipped.
 */
export function createVehicleJobHandlers(opts: { deps: TAppDeps; log?: { error: (o: unknown, msg: string) => void } }): Record<string, TJobHandler> {
  const { deps } = opts;
  return {
    [JOB_VEHICLE_APPRAISAL_NOTIFY]: async ({ job }) => {
      const companyId = Number(job.companyId);
      const vehicleId = Number(job.payload.vehicleId);
      const found = await runInScope(deps.db, { companyId }, async (tx) => {
        const vehicle = await repo.findVehicle(tx, { companyId, id: vehicleId });
        const company = await findCompany(tx, companyId);
        const customer = vehicle ? await findCustomer(tx, { companyId, ownerId: null, id: vehicle.customerId }) : undefined;
        return vehicle && company && customer ? { vehicle, company, customer } : null;
      });
      if (!found) return;
      const { vehicle, company, customer } = found;
      const m = company.automotiveMessages as TAutomotiveMessages;
      const who = `${customerDisplayName(customer)}${customer.phone ? ` (${customer.phone})` : ''}`;
      const text = `${who} was offered a vehicle appraisal for their ${vehicleDisplayName(vehicle)}${vehicle.vin ? `, VIN ${vehicle.vin}` : ''}.`;
      for (const to of m.vehicleAppraisalNotificationEmails ?? [])
        await deps.mailer.send({ to, subject: `Vehicle appraisal: ${vehicleDisplayName(vehicle)}`, text });
      const phones = m.vehicleAppraisalNotificationSms ?? [];
      if (!phones.length) return;
      const channel = SMS_CHANNELS.find((c) => deps.channels[c]?.isAvailable(company));
      if (!channel) {
        opts.log?.error({ companyId, vehicleId }, 'vehicle appraisal SMS not sent: the company has no SMS channel');
        return;
      }
      for (const phone of phones)
        await deps.channels[channel]!.send({
          company,
          messageId: job.id,
          type: 'STAFF_ALERT',
          to: { phone, viberUserId: null },
          body: text,
          mediaUrls: [],
          media: [],
          alertKey: `appraisal-${String(job.payload.key)}-${createHash('sha256').update(phone).digest('hex').slice(0, 10)}`,
        });
    },
  };
}
