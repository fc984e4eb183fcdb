import { customerLinkUrl } from '@cd/contracts/customer-link';
import {
  QUESTIONNAIRE_LIMITS,
  QUESTIONNAIRE_MESSAGES,
  type TQuestionnaireResponse,
  type TQuestionnaireResponseListQuery,
  type TQuestionnaireSend,
  type TQuestionnaireSendResult,
} from '@cd/contracts/questionnaires';
import type { TRequestContext } from '../../context';
import { runInScope } from '../../db/client';
import { AppError, validationError } from '../../lib/errors';
import { runWithLiveEvents } from '../../live/run-with-live-events';
import type { TCompanyRow } from '../companies/companies.api';
import { createCustomerLink } from '../customer-links/customer-links.api';
import { customerEvent, findCustomer, lockCustomers, updateCustomer } from '../customers/customers.api';
import { customerScopeOf } from '../customers/customers.service';
import { lastMessageOf, messageEvent, queueSystemMessage, resolveChannel } from '../messages/messages.api';
import { loadQuestionnaireCompany, questionnaireCompanyOf } from './questionnaires.access';
import { questionnaireResponseEvent, toQuestionnaireResponseResource } from './questionnaires.presenter';
import * as repo from './questionnaires.repository';

/** A second send of the same questionnaire to the same customer within this time is a double tap: 409. */
export const QUESTIONNAIRE_RESEND_SECONDS = 60;
export const QUESTIONNAIRE_RECENTLY_SENT = 'This questionnaire was just sent to this customer.';

/** The text carrying the link, in the company's language (no company setting holds one; the product's wording). */
export const QUESTIONNAIRE_TEXTS: Readonly<Record<string, (o: { company: string; name: string; url: string }) => string>> = {
  en: (o) => `${o.company}: please answer a few questions ("${o.name}"): ${o.url}`,
  bs: (o) => `${o.company}: molimo odgovorite na nekoliko pitanja ("${o.name}"): ${o.url}`,
  hr: (o) => `${o.company}: molimo odgovorite na nekoliko pitanja ("${o.name}"): ${o.url}`,
  sr: (o) => `${o.company}: molimo odgovorite na nekoliko pitanja ("${o.name}"): ${o.url}`,
};

export function questionnaireTextOf(opts: { company: Pick<TCompanyRow, 'name' | 'language'>; name: string; url: string }): string {
  const text = QUESTIONNAIRE_TEXTS[opts.company.language] ?? QUESTIONNAIRE_TEXTS.en!;
  return text({ company: opts.company.name, name: opts.name, url: opts.url });
}

/**
 * POST /api/questionnaires/{id}/send: a response row (the questions copied as they are now), a customer link of
 * purpose `questionnaire` to it, and a QUESTIONNAIRE message carrying the link, all in one transaction. The message is
 * a system message: the send job holds it in the recipient's quiet hours, and safe mode blocks it; an opted-out
 * customer is refused (409). The customer must be one the caller sees in the messenger (404 otherwise). The customer
 * row is locked so a double tap sends once (the second answers 409).
 */
export async function sendQuestionnaire(opts: { ctx: TRequestContext; id: number; body: TQuestionnaireSend }): Promise<TQuestionnaireSendResult> {
  const { ctx } = opts;
  const companyId = questionnaireCompanyOf(ctx);
  const scope = { ...customerScopeOf(ctx), companyId };
  const result = await runWithLiveEvents({
    deps: ctx,
    scope: { companyId },
    fn: async (tx, emit) => {
      const company = await loadQuestionnaireCompany(tx, companyId);
      const questionnaire = await repo.findQuestionnaire(tx, { companyId, id: opts.id });
      if (!questionnaire) throw new AppError('not_found', QUESTIONNAIRE_MESSAGES.notFound);
      if (questionnaire.archivedAt) throw new AppError('conflict', QUESTIONNAIRE_MESSAGES.archived);
      const seen = await findCustomer(tx, { ...scope, id: opts.body.customer });
      if (!seen) throw validationError([{ propertyPath: 'customer', message: 'Customer not found.' }]);
      await lockCustomers(tx, { companyId, ids: [seen.id] });
      // Again under the lock: a STOP that arrived meanwhile is respected.
      const customer = (await findCustomer(tx, { ...scope, id: seen.id }))!;
      if (customer.optOut) throw new AppError('conflict', QUESTIONNAIRE_MESSAGES.optedOut);
      const now = new Date();
      const [recent] = await repo.listResponses(tx, { companyId, ownerId: null, customerId: customer.id, questionnaireId: questionnaire.id, limit: 1 });
      if (recent && now.getTime() - recent.sentAt.getTime() < QUESTIONNAIRE_RESEND_SECONDS * 1000) throw new AppError('conflict', QUESTIONNAIRE_RECENTLY_SENT);
      const channel = resolveChannel(ctx, company, customer);
      const responseId = await repo.insertResponse(tx, {
        companyId,
        questionnaireId: questionnaire.id,
        customerId: customer.id,
        leadId: opts.body.lead ?? null,
        questions: questionnaire.questions,
      });
      const link = await createCustomerLink(tx, {
        companyId,
        customerId: customer.id,
        purpose: 'questionnaire',
        entity: 'questionnaire_response',
        entityId: responseId,
        now,
      });
      await repo.setResponseLink(tx, { companyId, id: responseId, linkId: link.id });
      const url = customerLinkUrl({ publicUrl: ctx.config.publicUrl, code: link.code });
      const content = questionnaireTextOf({ company, name: questionnaire.name, url });
      const message = await queueSystemMessage(tx, ctx, { company, customer, channel, content, type: 'QUESTIONNAIRE' });
      const bumped = (await updateCustomer(tx, { companyId, id: customer.id, values: { bumpedAt: now, lastMessage: lastMessageOf(message, false) } }))!;
      const response = (await repo.findResponse(tx, { companyId, id: responseId }))!;
      emit([
        messageEvent(ctx, bumped, message, 'created'),
        customerEvent(bumped, 'updated', { changes: ['bumpedAt', 'lastMessage'] }),
        questionnaireResponseEvent(response, 'created', { publicUrl: ctx.config.publicUrl }),
      ]);
      return {
        response: toQuestionnaireResponseResource(response, { publicUrl: ctx.config.publicUrl }),
        messageId: message.id,
        messageStatus: message.status,
      };
    },
  });
  ctx.jobs.wake();
  return result;
}

/**
 * GET /api/questionnaire_responses (and /api/customers/{id}/questionnaire_responses): newest first. With a customer,
 * only one the caller sees in the messenger (another's: 404, as the customer itself would answer).
 */
export async function listQuestionnaireResponses(opts: {
  ctx: TRequestContext;
  query: TQuestionnaireResponseListQuery;
}): Promise<{ member: TQuestionnaireResponse[]; full: boolean; last: { at: Date; id: number } | null }> {
  const { ctx, query } = opts;
  const companyId = questionnaireCompanyOf(ctx);
  const limit = Math.min(query.itemsPerPage ?? 30, QUESTIONNAIRE_LIMITS.listMax);
  return runInScope(ctx.db, { companyId }, async (tx) => {
    await loadQuestionnaireCompany(tx, companyId);
    if (query.customer !== undefined) {
      const customer = await findCustomer(tx, { ...customerScopeOf(ctx), companyId, id: query.customer });
      if (!customer) throw new AppError('not_found', 'Customer not found.');
    }
    const before = query['sentAt[strictly_before]'];
    const rows = await repo.listResponses(tx, {
      companyId,
      ownerId: customerScopeOf(ctx).ownerId,
      customerId: query.customer,
      questionnaireId: query.questionnaire,
      limit,
      before: before ? new Date(before) : undefined,
      idLt: query['id[lt]'],
    });
    const lastRow = rows.at(-1);
    return {
      member: rows.map((r) => toQuestionnaireResponseResource(r, { publicUrl: ctx.config.publicUrl })),
      full: rows.length === limit,
      last: lastRow ? { at: lastRow.sentAt, id: lastRow.id } : null,
    };
  });
}

export async function getQuestionnaireResponse(opts: { ctx: TRequestContext; id: number }): Promise<TQuestionnaireResponse> {
  const { ctx } = opts;
  const companyId = questionnaireCompanyOf(ctx);
  return runInScope(ctx.db, { companyId }, async (tx) => {
    await loadQuestionnaireCompany(tx, companyId);
    const row = await repo.findResponse(tx, { companyId, id: opts.id });
    // Only for a customer the caller sees.
    const customer = row ? await findCustomer(tx, { ...customerScopeOf(ctx), companyId, id: row.customerId }) : undefined;
    if (!row || !customer) throw new AppError('not_found', 'Questionnaire response not found.');
    return toQuestionnaireResponseResource(row, { publicUrl: ctx.config.publicUrl });
  });
}
