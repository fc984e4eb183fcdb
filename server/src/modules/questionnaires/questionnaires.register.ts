import { registerLinkPage } from '../customer-links/customer-links.api';
import { questionnaireLinkPage } from './questionnaires-public.service';

/** Called once from app.ts: the page of the `questionnaire` link purpose (registering again replaces). */
export function registerQuestionnaires(): void {
  registerLinkPage({ purpose: 'questionnaire', page: questionnaireLinkPage });
}
