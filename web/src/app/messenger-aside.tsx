import { lazy, Suspense } from 'react';
import type { TCustomer } from '@cd/contracts/customer';

const RepairOrderPanel = lazy(() => import('../features/repair-orders/components/repair-order-panel').then((m) => ({ default: m.RepairOrderPanel })));
const CustomerAppointmentsPanel = lazy(() =>
  import('../features/appointments/components/customer-appointments-panel').then((m) => ({ default: m.CustomerAppointmentsPanel })),
);

/**
 * The conversation's side panels, composed by the app (features never import each other): repair orders (automotive
 * companies) and appointments (the appointments module). Each hides itself when its module is off, and each loads on
 * its own, so the messenger shows before their code arrives.
 */
export function MessengerAside(props: { customer: TCustomer | undefined }) {
  return (
    <>
      <Suspense fallback={null}>
        <RepairOrderPanel {...props} />
      </Suspense>
      <Suspense fallback={null}>
        <CustomerAppointmentsPanel {...props} />
      </Suspense>
    </>
  );
}
