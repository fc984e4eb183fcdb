import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { buildSurveyListQuery, type TSurveyFilter, type TSurveyRange } from '../lib/survey-query';

/**
 * GET /api/surveys/export.csv with the list's filters. It needs the bearer token, so it is fetched through the api
 * client (which reads text/csv as text) and saved from a blob rather than opened as a plain link.
 */
export async function exportSurveysCsv(opts: { range: TSurveyRange; filter: TSurveyFilter }): Promise<Blob> {
  const text = await api.request<string>('/api/surveys/export.csv', { query: buildSurveyListQuery({ ...opts, itemsPerPage: null }) });
  return new Blob([typeof text === 'string' ? text : ''], { type: 'text/csv;charset=utf-8' });
}

export function useExportSurveys() {
  return useMutation({ mutationFn: exportSurveysCsv });
}
