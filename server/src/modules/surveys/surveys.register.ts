import { registerAutomationSource } from '../automations/automations.api';
import { registerLinkPage } from '../customer-links/customer-links.api';
import { repairOrderClosed, repairOrderReopened, repairOrderSurveyRequested } from '../repair-orders/repair-orders.api';
import { taskDone } from '../tasks/tasks.api';
import { resolveSurveyOnTaskDone } from './surveys.follow-up';
import { surveyLinkPage } from './surveys.pages';
import { cancelSurveyOnReopen, planSurveyOnClose, sendSurveyNow, surveyAutomationSettled, surveyAutomationSource } from './surveys.planning';

/** Called once from app.ts: the survey's engine source, its public page, and its reactions to orders and tasks. */
export function registerSurveys(): void {
  registerAutomationSource({ entity: 'survey', source: surveyAutomationSource, settled: surveyAutomationSettled });
  registerLinkPage({ purpose: 'survey', page: surveyLinkPage });
  repairOrderClosed.attach(planSurveyOnClose);
  repairOrderReopened.attach(cancelSurveyOnReopen);
  repairOrderSurveyRequested.attach(sendSurveyNow);
  taskDone.attach(resolveSurveyOnTaskDone);
}
