/** Cache keys of the questionnaires feature: every change invalidates `all` (the lists are small and read together). */
export const questionnaireKeys = {
  all: ['questionnaires'] as const,
  list: (archived: boolean) => ['questionnaires', 'list', { archived }] as const,
  customerResponses: (customerId: number) => ['questionnaires', 'responses', customerId] as const,
  publicPage: (code: string) => ['public-questionnaire', code] as const,
};
