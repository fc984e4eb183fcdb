import { customerLinkUrl } from '@cd/contracts/customer-link';
import { companyAdminsTopic, companyRoleTopic } from '@cd/contracts/live';
import type { TQuestionnaire, TQuestionnaireResponse } from '@cd/contracts/questionnaires';
import type { TLiveEventInput } from '../../live/live.types';
import type { TQuestionnaireResponseRow, TQuestionnaireRow } from './questionnaires.schema';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toQuestionnaireResource(r: TQuestionnaireRow): TQuestionnaire {
  return {
    '@id': `/api/questionnaires/${r.id}`,
    '@type': 'Questionnaire',
    id: r.id,
    name: r.name,
    questions: r.questions,
    archived: r.archivedAt !== null,
    archivedAt: iso(r.archivedAt),
    sentCount: r.sentCount,
    answeredCount: r.answeredCount,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function toQuestionnaireResponseResource(r: TQuestionnaireResponseRow, opts: { publicUrl: string }): TQuestionnaireResponse {
  return {
    '@id': `/api/questionnaire_responses/${r.id}`,
    '@type': 'QuestionnaireResponse',
    id: r.id,
    questionnaire: `/api/questionnaires/${r.questionnaireId}`,
    questionnaireName: r.questionnaireName,
    customer: `/api/customers/${r.customerId}`,
    lead: r.leadId === null ? null : `/api/marketing/leads/${r.leadId}`,
    state: r.answeredAt ? 'answered' : 'sent',
    url: r.linkCode ? customerLinkUrl({ publicUrl: opts.publicUrl, code: r.linkCode }) : null,
    sentAt: r.sentAt.toISOString(),
    answeredAt: iso(r.answeredAt),
    answers: r.answers,
  };
}

/** Questionnaires and their answers are for the admins and the real-estate role (who may use them), not every user. */
function topicsOf(companyId: number): string[] {
  return [companyAdminsTopic(companyId), companyRoleTopic(companyId, 'ROLE_REAL_ESTATE')];
}

export function questionnaireEvent(r: TQuestionnaireRow, event: 'created' | 'updated' | 'removed'): TLiveEventInput {
  return { companyId: r.companyId, topics: topicsOf(r.companyId), event, entity: 'questionnaire', data: toQuestionnaireResource(r), changes: null };
}

export function questionnaireResponseEvent(r: TQuestionnaireResponseRow, event: 'created' | 'updated', opts: { publicUrl: string }): TLiveEventInput {
  return {
    companyId: r.companyId,
    topics: topicsOf(r.companyId),
    event,
    entity: 'questionnaire_response',
    data: toQuestionnaireResponseResource(r, opts),
    changes: null,
  };
}
