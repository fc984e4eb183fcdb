import { existsSync } from 'node:fs';
import type { Agent } from 'node:https';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import { MAX_TOTAL_ATTACHMENT_BYTES } from '@cd/contracts/message';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { jsonSchemaTransformObject, validatorCompiler } from 'fastify-type-provider-zod';
import type { TConfig } from './config';
import type { TAppDeps } from './context';
import { createDatabase, type TDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { seedDemoData } from './seed/seed';
import { seedCronRuns } from './seed/seed-cron-runs';
import { createAllowedMethodsFinder } from './lib/allowed-methods';
import { handleError, problemBody } from './lib/errors';
import { createMailer, type TMailer } from './lib/mailer';
import { addGenericResponses, API_DESCRIPTION, createResponseSerializerCompiler, METHOD_NOT_ALLOWED_RESPONSE, transformRouteForOpenApi } from './lib/openapi';
import { attachAuthReactions } from './modules/auth/auth.api';
import { authRoutes } from './modules/auth/auth.routes';
import { authenticate } from './modules/auth/auth.service';
import { companiesRoutes } from './modules/companies/companies.routes';
import { customersRoutes } from './modules/customers/customers.routes';
import { customerImportRoutes } from './modules/customer-import/customer-import.routes';
import { createCustomerImportJobHandlers } from './modules/customer-import/customer-import.jobs';
import { companyServicesRoutes } from './modules/company-services/company-services.routes';
import { createAutomationJobHandlers } from './modules/automations/automations.jobs';
import { createSurveyJobHandlers, registerSurveys } from './modules/surveys/surveys.api';
import { surveysRoutes } from './modules/surveys/surveys.routes';
import { tasksRoutes } from './modules/tasks/tasks.routes';
import { automationsRoutes } from './modules/automations/automations.routes';
import { customerLinksRoutes } from './modules/customer-links/customer-links.routes';
import { errorReportsRoutes } from './modules/error-reports/error-reports.routes';
import { auditLogRoutes } from './modules/audit-log/audit-log.routes';
import { searchRoutes } from './modules/search/search.routes';
import { rolesRoutes } from './modules/roles/roles.routes';
import { supportRoutes } from './modules/support/support.routes';
import { createCronRunPublisher, publishReportRun } from './modules/cron-jobs/cron-jobs.live';
import { cronJobsRoutes } from './modules/cron-jobs/cron-jobs.routes';
import { dmsSyncRoutes } from './modules/dms-sync/dms-sync.routes';
import { createDmsRecurringJobs, createDmsSyncJobHandlers, pushApprovedLines } from './modules/dms-sync/dms-sync.api';
import { integrationsRoutes } from './modules/integrations/integrations.routes';
import { customerGroupsRoutes } from './modules/customer-groups/customer-groups.routes';
import { internalChatRoutes } from './modules/internal-chat/internal-chat.routes';
import { createCustomerGroupJobHandlers } from './modules/customer-groups/customer-groups.jobs';
import { messagesRoutes } from './modules/messages/messages.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { createNotificationJobHandlers } from './modules/notifications/notifications.jobs';
import { notifyInboundMessage } from './modules/notifications/notifications.service';
import { createMessageBatchJobHandlers, createMessageJobHandlers } from './modules/messages/messages.jobs';
import { agentRepliesQueued, inboundMessageReceived, inboundMessageStored } from './modules/messages/messages.api';
import { createRoutingJobHandlers, routeInboundMessage, routingRoutes, stopTimersOnReply } from './modules/routing/routing.api';
import { applyAwayStatus } from './modules/away/away.service';
import { leadLandingRoutes, leadsRoutes, reactToListingText } from './modules/leads/leads.api';
import { publicPagesRoutes } from './modules/public-pages/public-pages.routes';
import { simulatorRoutes } from './modules/simulator/simulator.routes';
import { smsProviderWebhookRoutes } from './modules/webhooks/sms-provider.routes';
import { whatsappWebhookRoutes } from './modules/webhooks/whatsapp.routes';
import { smsGatewayWebhookRoutes } from './modules/webhooks/sms-gateway.routes';
import { viberWebhookRoutes } from './modules/webhooks/viber.routes';
import { webhookLogPlugin } from './modules/development/webhook-log.capture';
import { webhookLogRoutes } from './modules/development/webhook-log.routes';
import { outgoingWebhooksRoutes } from './modules/outgoing-webhooks/outgoing-webhooks.routes';
import { createOutgoingWebhookJobHandlers } from './modules/outgoing-webhooks/outgoing-webhooks.jobs';
import { createSimulatorChannel } from './channels/simulator/simulator-channel';
import { createSmsProviderChannel } from './channels/sms-provider/sms-provider-channel';
import { createWhatsAppChannel } from './channels/whatsapp/whatsapp-channel';
import { createSmsGatewayChannel } from './channels/sms-gateway/sms-gateway-channel';
import { createViberChannel } from './channels/viber/viber-channel';
import { createWebchatChannel } from './channels/webchat/webchat-channel';
import { webchatRoutes } from './modules/webchat/webchat.routes';
import { createOutboxWorker } from './jobs/outbox';
import { createWorkerHeartbeat } from './jobs/worker-heartbeat';
import { createRecurringJobHandlers, ensureRecurringJobs, type TRecurringJob } from './jobs/recurring';
import { apiCallWriterOf, createOpsLogPurgeJob } from './jobs/ops-log-purge';
import { installOutsideCallSink } from './lib/outside-calls/recorder';
import { apiRequestsRoutes } from './modules/development/api-requests.routes';
import { devStatsRoutes } from './modules/development/stats.routes';
import { mediaRoutes } from './modules/media/media.routes';
import { systemRoutes } from './modules/system/system.routes';
import { usersRoutes } from './modules/users/users.routes';
import { createAwayJobHandlers } from './modules/users/away.jobs';
import { registerRepairOrderAutomations, repairOrderLinesApproved } from './modules/repair-orders/repair-orders.api';
import { repairOrdersRoutes } from './modules/repair-orders/repair-orders.routes';
import { repairOrderLinesRoutes } from './modules/repair-orders/repair-order-lines.routes';
import { createVehicleRecurringJobs } from './modules/vehicles/vehicle-appraisal.service';
import { createVehicleJobHandlers } from './modules/vehicles/vehicles.jobs';
import { registerVehicleAutomations } from './modules/vehicles/vehicles.register';
import { appointmentsRoutes, registerAppointments, scheduleRoutes } from './modules/appointments/appointments.api';
import { partsImportRoutes, partsRoutes, registerParts } from './modules/parts/parts.api';
import { createOfferJobHandlers, offersRoutes, registerOffers } from './modules/offers/offers.api';
import { marketingRoutes } from './modules/marketing/marketing.api';
import { keywordsRoutes } from './modules/keywords/keywords.routes';
import { listingsRoutes } from './modules/listings/listings.routes';
import { listingsImportRoutes } from './modules/listings/listings-import.routes';
import { listingPageDataRoutes } from './modules/listings/listing-page-data.routes';
import { interestsRoutes } from './modules/interests/interests.api';
import { questionnairesRoutes, registerQuestionnaires } from './modules/questionnaires/questionnaires.api';
import { analyticsRoutes, createAnalyticsRecurringJobs } from './modules/analytics/analytics.api';
import { remindersRoutes } from './modules/reminders/reminders.api';
import { apiKeysRoutes, authenticateApiKey, createBadKeyLimiter } from './modules/api-keys/api-keys.api';
import { suggestedRepliesRoutes } from './modules/suggested-replies/suggested-replies.api';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { createReportJobHandlers, createReportRecurringJobs, reportsRoutes } from './modules/reports/reports.api';
import { appointmentMessengerRoutes } from './modules/appointments/appointment-messenger.routes';
import { accountingRoutes, arStatementsRoutes, settleStatementPayment } from './modules/accounting/accounting.api';
import {
  createPaymentRecurringJobs,
  paymentPublicRoutes,
  paymentRequestPaid,
  paymentRequestsRoutes,
  paymentWebhookRoutes,
  registerPayments,
} from './modules/payments/payments.api';
import { createTerminalJobHandlers } from './modules/payments/terminals.jobs';
import { createRecurringRuleJobs } from './modules/payments/recurring-rules.jobs';
import { createRefundJobs } from './modules/payments/refunds.jobs';
import { recurringRulesRoutes } from './modules/payments/recurring-rules.routes';
import { paymentOperationsRoutes } from './modules/payments/transactions.routes';
import { publicBookingRoutes } from './modules/appointments/public-booking.routes';
import { vehiclesRoutes } from './modules/vehicles/vehicles.routes';
import { authPlugin } from './plugins/auth';
import { logSerializers } from './lib/log-redact';
import { bodyGuardsPlugin } from './plugins/body-guards';
import { httpMetricsPlugin } from './plugins/http-metrics';
import { compressJsonPlugin } from './plugins/compress-json';
import { webAssetsPlugin } from './plugins/web-assets';
import { createLocalLiveBus } from './live/local-live-bus';
import { liveRoutes } from './live/live.routes';
import { createRedisLiveBus } from './live/redis-live-bus';
import { createMercurePublisher, withMercurePublishing } from './live/mercure-publisher';

export interface TBuildAppOptions {
  config: TConfig;
  /** An opened database; when absent the app opens, migrates and (first start) seeds its own. */
  db?: TDatabase;
  mailer?: TMailer;
  /** TLS agent for web-push requests (tests trust their fake push service's certificate with it). */
  webPushAgent?: Agent;
  logger?: boolean;
  /** Where log lines go (default stdout); tests capture them. */
  logStream?: NodeJS.WritableStream;
}

export async function openDatabase(config: TConfig): Promise<TDatabase> {
  const db = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite'), workerPoolSize: config.workerPoolSize });
  await migrateDatabase(db);
  return db;
}

export type TApp = FastifyInstance & { deps: TAppDeps; routeTable: { method: string; url: string }[] };

export async function buildApp(opts: TBuildAppOptions): Promise<TApp> {
  const { config } = opts;
  const ownsDb = !opts.db;
  const db = opts.db ?? (await openDatabase(config));
  const seeded = ownsDb && config.seed ? await seedDemoData({ db, publicUrl: config.publicUrl, encryptionKey: config.encryptionKey }) : false;

  // With Redis every API process sees every event; without it one process is the whole audience.
  const bus = config.redisUrl ? await createRedisLiveBus({ redisUrl: config.redisUrl, channel: config.redisChannel }) : createLocalLiveBus();
  // An external Mercure hub also gets every event this process commits (docs/scaling.md).
  const live = config.mercure
    ? withMercurePublishing({
        bus,
        publisher: createMercurePublisher({
          publishUrl: config.mercure.publishUrl,
          secret: config.mercure.publisherJwtSecret,
          log: { warn: (o, msg) => app.log.warn(o, msg) },
        }),
      })
    : bus;
  const deps = {
    config,
    db,
    mailer: opts.mailer ?? createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, from: config.mailFrom }),
    live,
  } as TAppDeps;
  deps.channels = {
    simulator: createSimulatorChannel({ enabled: config.simulator }),
    sms_provider: createSmsProviderChannel({ encryptionKey: config.encryptionKey, baseUrl: config.twilioBaseUrl, publicUrl: config.publicUrl }),
    whatsapp: createWhatsAppChannel({ encryptionKey: config.encryptionKey, graphUrl: config.whatsAppGraphUrl, apiVersion: config.whatsAppApiVersion }),
    sms_gateway: createSmsGatewayChannel({ encryptionKey: config.encryptionKey }),
    viber: createViberChannel({ encryptionKey: config.encryptionKey, apiUrl: config.viberApiUrl }),
    webchat: createWebchatChannel({ live }),
  };
  // Modules above messages react to a customer's message in its transaction (attaching twice is a no-op).
  // Routing first: it settles the owner (issue 21), then the away rules apply to whoever got it.
  inboundMessageStored.attach(routeInboundMessage);
  agentRepliesQueued.attach(stopTimersOnReply);
  inboundMessageStored.attach(applyAwayStatus);
  inboundMessageStored.attach(reactToListingText);
  inboundMessageReceived.attach(notifyInboundMessage);
  // Approved lines go to the DMS when the company asks for it (queued in the approval's transaction).
  repairOrderLinesApproved.attach(pushApprovedLines);
  // A paid statement's payment request reconciles its transactions, in the payment's transaction.
  paymentRequestPaid.attach(settleStatementPayment);
  // Jobs run on the worker's own connection pool (the same object on PGlite); `jobs` is read when used, by which
  // time it is set below.
  const workerDeps: TAppDeps = {
    ...deps,
    db: db.worker,
    get jobs() {
      return deps.jobs;
    },
  };
  // Recurring work of the modules (jobs/recurring.ts); the scheduled-jobs screen reads this list.
  const dmsLog = { info: (o: object, msg: string) => app.log.info(o, msg), warn: (o: object, msg: string) => app.log.warn(o, msg) };
  const recurringJobs: TRecurringJob[] = [
    ...createVehicleRecurringJobs({ deps: workerDeps }),
    ...createDmsRecurringJobs({ deps: workerDeps, log: dmsLog }),
    ...createPaymentRecurringJobs({ deps: workerDeps, log: dmsLog }),
    ...createRecurringRuleJobs({ deps: workerDeps, log: dmsLog }),
    ...createRefundJobs({ deps: workerDeps, log: dmsLog }),
    ...createReportRecurringJobs({ deps: workerDeps }),
    ...createAnalyticsRecurringJobs({ deps: workerDeps }),
    createOpsLogPurgeJob({ db: db.worker, retentionDays: config.opsLogRetentionDays, log: dmsLog }),
  ];
  // The engine's sources and the link pages of repair orders and vehicles (registering again replaces).
  registerRepairOrderAutomations();
  registerVehicleAutomations();
  // Surveys: their engine source and page, and their reactions to closed or reopened orders and closed tasks.
  registerSurveys();
  registerAppointments();
  registerParts();
  registerOffers();
  registerQuestionnaires();
  registerPayments();
  // Handlers close over `workerDeps`, which is complete before the worker runs its first job.
  deps.jobs = createOutboxWorker({
    db: db.worker,
    pollMs: config.workerPollMs,
    leaseSeconds: config.workerLeaseSeconds,
    concurrency: config.workerConcurrency,
    wakeDelayMs: config.workerWakeDelayMs,
    // Two rounds of work held at once: a slot that frees finds a claimed job waiting.
    batchSize: config.workerConcurrency * 2,
    handlers: {
      ...createMessageJobHandlers({ deps: workerDeps }),
      ...createCustomerImportJobHandlers({ deps: workerDeps }),
      ...createNotificationJobHandlers({ deps: workerDeps, pushAgent: opts.webPushAgent, log: { error: (o, msg) => app.log.error(o, msg) } }),
      ...createAwayJobHandlers({ deps: workerDeps }),
      ...createRoutingJobHandlers({ deps: workerDeps }),
      ...createCustomerGroupJobHandlers({ deps: workerDeps }),
      ...createOfferJobHandlers({ deps: workerDeps }),
      ...createVehicleJobHandlers({ deps: workerDeps, log: { error: (o, msg) => app.log.error(o, msg) } }),
      ...createDmsSyncJobHandlers({ deps: workerDeps, log: dmsLog }),
      ...createAutomationJobHandlers({ deps: workerDeps }),
      ...createSurveyJobHandlers({ deps: workerDeps }),
      ...createTerminalJobHandlers({ deps: workerDeps, log: dmsLog }),
      ...createReportJobHandlers({ deps: workerDeps, onRun: (run) => publishReportRun(workerDeps, run) }),
      ...createRecurringJobHandlers({ db: db.worker, jobs: recurringJobs, log: { error: (o, msg) => app.log.error(o, msg) }, onRun: createCronRunPublisher(workerDeps) }),
      ...createOutgoingWebhookJobHandlers({ deps: workerDeps }),
    },
    batchHandlers: createMessageBatchJobHandlers({ deps: workerDeps }),
    log: { error: (o, msg) => app.log.error(o, msg) },
  });
  // First start: a few registry jobs run once over the demo data, so the scheduled-jobs screen has history.
  if (seeded) await seedCronRuns({ db: db.worker, jobs: recurringJobs });

  const app = Fastify({
    // Secrets in query strings (the Mercure `?authorization=` token, signatures…) are redacted from every logged URL.
    logger: opts.logger === false ? false : { level: config.logLevel, serializers: logSerializers, ...(opts.logStream && { stream: opts.logStream }) },
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    // Live-update streams never end on their own: close every connection on shutdown instead of waiting.
    forceCloseConnections: true,
    // Router-level refusals (a path parameter over 100 characters, a malformed URL) answer like every other 400
    // instead of Fastify's own JSON shape.
    frameworkErrors: (error, _request, reply) =>
      (reply as unknown as FastifyReply)
        .status(400)
        .type('application/problem+json')
        .send(problemBody(400, error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A path parameter is too long.' : 'Malformed address.')),
  });
  // Every registered route, so the tenant-isolation suite can walk them all.
  const routeTable: { method: string; url: string }[] = [];
  app.addHook('onRoute', (route) => {
    addGenericResponses(route);
    for (const method of [route.method].flat()) if (method !== 'HEAD') routeTable.push({ method, url: route.url });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializerCompiler({ validate: config.validateResponses }));
  app.setErrorHandler(handleError);

  // JSON, form and query guards (depth, NUL) in one place, before any route parses or validates.
  await app.register(bodyGuardsPlugin);
  // Every request under /api/webhooks/ is logged after its answer (development section, webhook log).
  await app.register(webhookLogPlugin, { deps });
  // Request timings for /metrics, only where it is served (METRICS_TOKEN).
  if (config.metricsToken) await app.register(httpMetricsPlugin);
  // Worker processes mark themselves alive for /health/ready (jobs/worker-heartbeat.ts).
  const heartbeat = createWorkerHeartbeat({ db: db.worker, log: app.log });
  // Large JSON answers go compressed when the client accepts it (before any route, so every route has the hook).
  await app.register(compressJsonPlugin, {});

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Courier Desk API', version: config.revision, description: API_DESCRIPTION },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'cdk_live_<prefix>_<secret>', description: 'A public API key (docs/public-api.md).' },
        },
        responses: { MethodNotAllowed: METHOD_NOT_ALLOWED_RESPONSE },
      },
      security: [{ bearer: [] }, { apiKey: [] }],
    },
    transform: transformRouteForOpenApi,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });

  // Bad API keys per address: one window for every API process when Redis is configured (docs/public-api.md).
  const badKeys = await createBadKeyLimiter({
    max: config.apiKeyMaxBadPerIp,
    windowSeconds: config.apiKeyBadWindowSeconds,
    redisUrl: config.redisUrl,
    // REDIS_CHANNEL already tells apart deployments sharing one Redis.
    keyPrefix: `${config.redisChannel}:api-key-bad:`,
    log: (msg, err) => app.log.warn({ err }, msg),
  });
  app.addHook('onClose', () => badKeys.close());
  await app.register(authPlugin, {
    authenticate: (request) => authenticate({ deps, ...request }),
    authenticateApiKey: (request) => authenticateApiKey({ deps, badKeys, ...request }),
  });
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_TOTAL_ATTACHMENT_BYTES, files: 20, fields: 20, fieldSize: 64 * 1024 },
  });

  attachAuthReactions();
  await app.register(async (api) => {
    // Module routes: one line per area.
    await authRoutes(api, deps);
    await usersRoutes(api, deps);
    await companiesRoutes(api, deps);
    await systemRoutes(api, deps, { workerProcessId: config.worker ? heartbeat.processId : undefined });
    await customersRoutes(api, deps);
    await customerImportRoutes(api, deps);
    await messagesRoutes(api, deps);
    await smsProviderWebhookRoutes(api, deps);
    await whatsappWebhookRoutes(api, deps);
    await smsGatewayWebhookRoutes(api, deps);
    await viberWebhookRoutes(api, deps);
    await simulatorRoutes(api, deps);
    await liveRoutes(api, deps);
    await mediaRoutes(api, deps);
    await customerGroupsRoutes(api, deps);
    await internalChatRoutes(api, deps);
    await notificationsRoutes(api, deps);
    await companyServicesRoutes(api, deps);
    await integrationsRoutes(api, deps);
    await publicPagesRoutes(api, deps);
    await leadLandingRoutes(api, deps);
    await leadsRoutes(api, deps);
    await errorReportsRoutes(api, deps);
    await apiRequestsRoutes(api, deps);
    await devStatsRoutes(api, deps);
    await auditLogRoutes(api, deps);
    await searchRoutes(api, deps);
    await rolesRoutes(api, deps);
    await supportRoutes(api, deps);
    await vehiclesRoutes(api, deps);
    await repairOrdersRoutes(api, deps);
    await repairOrderLinesRoutes(api, deps);
    await dmsSyncRoutes(api, deps);
    await automationsRoutes(api, deps);
    await customerLinksRoutes(api, deps);
    await surveysRoutes(api, deps);
    await tasksRoutes(api, deps);
    await appointmentsRoutes(api, deps);
    await publicBookingRoutes(api, deps);
    await appointmentMessengerRoutes(api, deps);
    await scheduleRoutes(api, deps);
    await accountingRoutes(api, deps);
    await arStatementsRoutes(api, deps);
    await partsRoutes(api, deps);
    await partsImportRoutes(api, deps);
    await offersRoutes(api, deps);
    await marketingRoutes(api, deps);
    await keywordsRoutes(api, deps);
    await listingsImportRoutes(api, deps);
    await listingsRoutes(api, deps);
    await listingPageDataRoutes(api, deps);
    await interestsRoutes(api, deps);
    await questionnairesRoutes(api, deps);
    await analyticsRoutes(api, deps);
    await remindersRoutes(api, deps);
    await routingRoutes(api, deps);
    await apiKeysRoutes(api, deps);
    await suggestedRepliesRoutes(api, deps);
    await dashboardRoutes(api, deps);
    await reportsRoutes(api, deps);
    await paymentOperationsRoutes(api, deps);
    await recurringRulesRoutes(api, deps);
    await cronJobsRoutes(api, deps, { jobs: recurringJobs });
    await paymentRequestsRoutes(api, deps);
    await paymentPublicRoutes(api, deps);
    await paymentWebhookRoutes(api, deps);
    await webhookLogRoutes(api, deps);
    await webchatRoutes(api, deps);
    await outgoingWebhooksRoutes(api, deps);
  });

  const hasWeb = existsSync(path.join(config.webDist, 'index.html'));
  if (hasWeb) {
    await app.register(webAssetsPlugin, { webDist: config.webDist });
  }
  const findAllowedMethods = createAllowedMethodsFinder(routeTable);
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    // A known address asked with another method: say which methods it takes (RFC 9110 §15.5.6).
    const allowed = findAllowedMethods(url.split('?')[0]!);
    if (allowed.length && !allowed.includes(request.method)) {
      const detail = `This address takes ${allowed.join(', ')}, not ${request.method}.`;
      return reply.status(405).header('allow', allowed.join(', ')).type('application/problem+json').send(problemBody(405, detail));
    }
    if (url.startsWith('/api') || url.startsWith('/.well-known') || !['GET', 'HEAD'].includes(request.method) || !hasWeb) {
      return reply
        .status(404)
        .type('application/problem+json')
        .send(problemBody(404, 'No route matches this address.'));
    }
    // The SPA owns every other path; web-assets.ts marks index.html no-cache so a new build is picked up.
    return reply.sendFile('index.html');
  });

  if (config.worker)
    app.addHook('onReady', async () => {
      await ensureRecurringJobs({ db, jobs: recurringJobs, onRun: createCronRunPublisher(workerDeps) });
      deps.jobs.start();
      await heartbeat.start();
    });
  // The outgoing API log's writer (lib/outside-calls): process-wide, so the adapters record without knowing the app.
  const removeOutsideCallSink = installOutsideCallSink({ write: apiCallWriterOf(db), onError: (err) => app.log.warn({ err }, 'outgoing API log write failed') });
  app.addHook('onClose', async () => {
    await deps.jobs.stop();
    await removeOutsideCallSink();
    if (config.worker) await heartbeat.stop();
    await deps.live.close();
    if (ownsDb) await db.close();
  });
  return Object.assign(app, { deps, routeTable }) as unknown as TApp;
}
