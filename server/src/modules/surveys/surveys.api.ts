/** What the composition root uses of surveys: its registration, its job handlers and its routes live in their files. */
export { registerSurveys } from './surveys.register';
export { createSurveyJobHandlers } from './surveys.follow-up';
