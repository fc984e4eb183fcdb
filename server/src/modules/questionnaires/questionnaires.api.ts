/** What app.ts uses of questionnaires: the routes and the one-time registration of the link page. */
export { questionnairesRoutes } from './questionnaires.routes';
export { registerQuestionnaires } from './questionnaires.register';
