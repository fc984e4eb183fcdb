import type { QueryClient } from '@tanstack/react-query';
import type { TLiveEvent } from '@cd/contracts/live';
import { invalidateColleaguesOnLiveEvent } from '../../api/get-colleagues';
import { invalidateCompaniesOnLiveEvent } from '../../api/get-companies';
import { handleAccountingLiveEvent } from '../../features/accounting/lib/live';
import { handleAppointmentLiveEvent } from '../../features/appointments/lib/appointment-live';
import { handleScheduleLiveEvent } from '../../features/appointments/lib/schedule-live';
import { handleCompaniesLiveEvent } from '../../features/companies/hooks/live-updates';
import { handleConversationLiveEvent } from '../../features/conversations/hooks/live-updates';
import type { TLiveContext } from '../../features/conversations/lib/live-cache';
import { handleGroupsLiveEvent } from '../../features/groups/lib/live';
import { handleInterestsLiveEvent } from '../../features/interests/lib/live';
import { handleInternalChatLiveEvent } from '../../features/internal-chat/hooks/live-updates';
import { handleListingsLiveEvent } from '../../features/listings/lib/live';
import { handleMarketingLiveEvent } from '../../features/marketing/lib/live';
import { handleRepairOrdersLiveEvent } from '../../features/repair-orders/lib/live';
import { handleNotificationsLiveEvent } from '../../features/notifications/hooks/live-updates';
import { handleOffersLiveEvent } from '../../features/offers/lib/live';
import { handlePaymentsLiveEvent } from '../../features/payments/lib/live';
import { handleQuestionnairesLiveEvent } from '../../features/questionnaires/lib/live';
import { handleSimulatorLiveEvent } from '../../features/simulator/lib/live';
import { handleSurveysLiveEvent } from '../../features/surveys/lib/live';
import { handleUserMenuLiveEvent } from '../../features/user-menu/lib/live';

/**
 * Routes one live event to every feature, and every shared endpoint of web/src/api, that keeps a cache for it
 * (spec part 1 §4). Events nobody understands are logged as unsupported.
 */
export function dispatchLiveEvent(queryClient: QueryClient, event: TLiveEvent, ctx: TLiveContext, warn: (...args: unknown[]) => void = console.warn): boolean {
  const handled = [
    handleConversationLiveEvent(queryClient, event, ctx),
    handleSimulatorLiveEvent(queryClient, event),
    handleGroupsLiveEvent(queryClient, event),
    handleInternalChatLiveEvent(queryClient, event),
    handleNotificationsLiveEvent(queryClient, event),
    handleUserMenuLiveEvent(queryClient, event, ctx),
    handleCompaniesLiveEvent(queryClient, event),
    handleRepairOrdersLiveEvent(queryClient, event),
    handleSurveysLiveEvent(queryClient, event),
    handleAppointmentLiveEvent(queryClient, event),
    handleScheduleLiveEvent(queryClient, event),
    handlePaymentsLiveEvent(queryClient, event),
    handleQuestionnairesLiveEvent(queryClient, event),
    handleAccountingLiveEvent(queryClient, event),
    handleOffersLiveEvent(queryClient, event),
    handleInterestsLiveEvent(queryClient, event),
    handleMarketingLiveEvent(queryClient, event),
    handleListingsLiveEvent(queryClient, event),
    invalidateColleaguesOnLiveEvent({ queryClient, event }),
    invalidateCompaniesOnLiveEvent({ queryClient, event }),
  ];
  if (handled.some(Boolean)) return true;
  warn('unsupported live event', event);
  return false;
}
