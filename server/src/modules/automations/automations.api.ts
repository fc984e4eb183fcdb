/**
 * The automated-message engine (ARCHITECTURE §6), as other modules use it. A module plans a message of one of its
 * entities (`planAutomatedMessage`, once per key), moves or cancels it when the entity changes, and registers the
 * source that tells the engine, when the message comes due, whether it is still due and the values only it knows.
 * The engine renders the company's text, makes the customer links, checks consent, safe mode and quiet hours and sends
 * through the messages outbox (automations.jobs.ts). No module sends an automated text its own way.
 */
export { cancelAutomatedMessages, JOB_AUTOMATED_MESSAGE, planAutomatedMessage, planNextOccurrence, replanAutomatedMessage } from './automations.service';
export { registerAutomationSource, type TAutomationContext, type TAutomationSettled, type TAutomationSource } from './automations.sources';
export type { TAutomatedMessageRow } from './automations.schema';
