import { randomUUID } from 'node:crypto';
import { REQUEST_ID_HEADER } from '@cotacep/shared/constants';
import fastifyCors from '@fastify/cors';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { loadAppSecret } from './lib/app-secret.ts';
import { type LogStream, logOptions } from './lib/log-options.ts';
import { rejectNulInBody, rejectNulInUrl } from './lib/nul-guard.ts';
import { portalApiPrefix } from './lib/portal-api-prefix.ts';
import { SourceHealthRegistry } from './lib/source-health.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { activityRoutes } from './modules/audit/activity-routes.ts';
import { startAuditRetention } from './modules/audit/retention-sweeper.ts';
import { toGuardIdentity } from './modules/auth/guard-identity.ts';
import { createIdentity } from './modules/auth/identity.ts';
import { jwksRoutes } from './modules/auth/jwks-route.ts';
import { assertRecentAuthentication } from './modules/auth/reauthentication.ts';
import { createBilling } from './modules/billing/billing.ts';
import { billingRoutes } from './modules/billing/routes.ts';
import { startBillingSweeper } from './modules/billing/sweeper.ts';
import { getCaptchaCsp } from './modules/captcha/csp.ts';
import { cepRoutes } from './modules/cep/routes.ts';
import { rawCepMethodNotAllowed, sendCepBadUrl } from './modules/cep/send-error.ts';
import { createConfiguredCepService } from './modules/cep/setup.ts';
import { contactRoutes } from './modules/contact/routes.ts';
import { cspReportRoutes } from './modules/csp-report/routes.ts';
import { createGateway } from './modules/gateway/gateway.ts';
import { gatewayGuard } from './modules/gateway/guard.ts';
import { serializeRequest } from './modules/gateway/log-request.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { identityRoutes } from './modules/identity/routes.ts';
import { keyRoutes } from './modules/keys/routes.ts';
import { createMailer } from './modules/mail/mailer.ts';
import { createMetrics } from './modules/metrics/metrics.ts';
import { metricsRoutes } from './modules/metrics/routes.ts';
import { createNfse } from './modules/nfse/nfse.ts';
import { withOAuth } from './modules/oauth/oauth-identity.ts';
import { openapiPlugin } from './modules/openapi/openapi.ts';
import { invitationRoutes } from './modules/organizations/invitation-routes.ts';
import { toOrganizationAccess } from './modules/organizations/organization-access.ts';
import { organizationRoutes } from './modules/organizations/routes.ts';
import { setPlanQuotaOverrides } from './modules/plans/account-limits.ts';
import { planRoutes } from './modules/plans/routes.ts';
import { createPrivacyDeps, withPrivacy } from './modules/privacy/privacy.ts';
import { privacyRoutes } from './modules/privacy/routes.ts';
import { startPrivacySweeper } from './modules/privacy/sweeper.ts';
import { projectRoutes } from './modules/projects/routes.ts';
import { quotesRoutes } from './modules/quotes/routes.ts';
import { rawQuotesMethodNotAllowed, sendQuotesBadUrl } from './modules/quotes/send.ts';
import { createConfiguredQuotes } from './modules/quotes/setup.ts';
import { statusRoutes } from './modules/status/routes.ts';
import { usageRoutes } from './modules/usage/routes.ts';
import { discoveryRoutes } from './modules/web/discovery.ts';
import { isSpaRoute, registerWeb } from './modules/web/routes.ts';
import { authGuard } from './plugins/auth-guard.ts';
import { createClientErrorHandler } from './plugins/client-errors.ts';
import { errorsPlugin, sendError } from './plugins/errors.ts';
import { jsonBody } from './plugins/json-body.ts';
import { organizationGuard } from './plugins/organization-guard.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { createXsrf } from './plugins/xsrf.ts';

export type AppOptions = {
  config: Config;
  database: Database;
  /** Close the database when the app closes (the server owns it; tests usually keep theirs). */
  closeDatabase?: boolean;
  /** Log lines go here instead of standard output (a test searching the log). */
  logStream?: LogStream;
};

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

/** The portal API and the public APIs answer JSON 404s; every other GET path is a page of the SPA. */
export const API_PREFIXES = ['/api', '/quotes', '/cep', '/healthz', '/readyz', '/.well-known'] as const;

/** Builds the whole server; `server.ts` only listens. Every module is registered here, by hand. */
export async function buildApp({
  config,
  database,
  closeDatabase = false,
  logStream,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logOptions(config, serializeRequest, logStream),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestIdHeader: false,
    // Room for a list of 30 currency pairs in one path segment (quotes API).
    routerOptions: { maxParamLength: 400 },
    genReqId: (request) => {
      const given = request.headers[REQUEST_ID_HEADER];
      return typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
    },
    // URLs Fastify cannot route (broken percent-encoding, an over-long parameter): the public APIs
    // answer them in their own error format, everything else in the portal envelope.
    frameworkErrors: (error, request, reply) => {
      if (sendQuotesBadUrl(config.QUOTES_BASE_PATH, error, request, reply)) return;
      if (sendCepBadUrl(config.CEP_BASE_PATH, request, reply)) return;
      sendError(request, reply, 'BadRequest');
    },
    // Requests Node's parser refuses (a method it does not know…): the same formats, not Fastify's own.
    clientErrorHandler: createClientErrorHandler([
      (url, language) => rawCepMethodNotAllowed(config.CEP_BASE_PATH, url, language),
      (url, language) => rawQuotesMethodNotAllowed(config.QUOTES_BASE_PATH, url, language),
    ]),
  });
  setPlanQuotaOverrides(config.PLAN_QUOTAS);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // A callback hook, not an async one: it runs on every request, the public APIs' hot path included.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  if (closeDatabase) app.addHook('onClose', () => database.close());

  await app.register(errorsPlugin);
  // Prometheus metrics, only when a scraper's token is configured; every answer is observed from here on.
  const metrics = config.METRICS_TOKEN ? createMetrics() : null;
  if (metrics) await app.register(metricsRoutes, { metrics, token: config.METRICS_TOKEN as string });
  // Before every route: bodies bounded in depth and size before they are parsed, none where a route takes none.
  await app.register(jsonBody);
  const captchaCsp = getCaptchaCsp(config.CAPTCHA_PROVIDER);
  await app.register(securityHeaders, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The configured bot protection's own script and frames (reCAPTCHA, Turnstile); nothing else.
        scriptSrc: ["'self'", ...captchaCsp.scriptSrc],
        ...(captchaCsp.frameSrc.length > 0 ? { frameSrc: ["'self'", ...captchaCsp.frameSrc] } : {}),
        // Mantine writes its CSS variables into a style element at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    frameguard: { action: 'deny' },
    strictTransportSecurity: config.isProduction,
  });
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : null;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  // Limits are declared per route (`config.rateLimit`); nothing is limited by default.
  await app.register(fastifyRateLimit, { global: false, ...(redis ? { redis } : {}) });

  const secret = await loadAppSecret(database.db, config);
  const xsrf = createXsrf(secret, config.publicUrl.startsWith('https://'));

  // Before any route, so the OpenAPI documents see them all.
  await app.register(openapiPlugin, { config });
  await app.register(healthRoutes, { database });

  // One mailer for the app: identity codes, billing and quota notices.
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    db: database.db,
    log: app.log,
    logBodies: !config.isProduction,
  });
  app.addHook('onClose', async () => mailer.close());

  // Every upstream data source reports here; the public status endpoint reads it.
  const sourceHealth = new SourceHealthRegistry(app.log.child({ module: 'status' }));
  // Keys, limits and metering of the public APIs; the portal's key routes invalidate its cache.
  const gateway = await createGateway({ config, db: database.db, redis, log: app.log, mailer });
  app.addHook('onClose', gateway.close);
  if (metrics) {
    gateway.outcomes = metrics.outcomes;
    metrics.watch({ meter: gateway.meter, sources: sourceHealth });
  }
  if (config.ROLE !== 'portal') {
    await app.register(async (publicApi) => {
      // JSON answers for programs: no page headers (CSP…) on the hot path, only nosniff.
      publicApi.addHook('onRoute', (route) => {
        route.config = { ...route.config, securityHeaders: 'api' };
      });
      const prefixes = [config.CEP_BASE_PATH, config.QUOTES_BASE_PATH];
      await publicApi.register(gatewayGuard, { gateway, prefixes });
      const service = createConfiguredCepService(config, database.db, sourceHealth);
      await publicApi.register(cepRoutes, { prefix: config.CEP_BASE_PATH, service });
      const quotes = await createConfiguredQuotes(config, database.db, sourceHealth, app.log);
      app.decorate('quotes', quotes);
      await publicApi.register(quotesRoutes, { prefix: config.QUOTES_BASE_PATH, quotes });
    });
  }
  await app.register(statusRoutes, { sourceHealth });

  if (config.ROLE !== 'api') {
    // The LGPD self-service (issue 26): exports and closures; every sign-in cancels a pending closure.
    const privacy = createPrivacyDeps({
      config,
      db: database.db,
      mailer,
      log: app.log,
      invalidation: gateway.invalidation,
    });
    const identity = withPrivacy(
      withOAuth(await createIdentity({ config, db: database.db, secret, log: app.log, mailer })),
      privacy,
    );
    const privacySweeper = startPrivacySweeper(privacy);
    app.addHook('onClose', async () => privacySweeper.stop());
    app.decorate('privacy', { deps: privacy, sweeper: privacySweeper });
    // The NFS-e of paid invoices in reais (issue 27): its worker on every instance, woken by each payment.
    const nfse = createNfse({ config, db: database.db, mailer, log: app.log });
    app.addHook('onClose', async () => nfse.sweeper.stop());
    app.decorate('nfse', nfse);
    const billing = await createBilling({
      config,
      db: database.db,
      log: app.log,
      mailer,
      invalidation: gateway.invalidation,
      nfse: { issuer: nfse.deps.issuer.name, onDue: () => nfse.sweeper.wake() },
    });
    const sweeper = startBillingSweeper(billing);
    app.addHook('onClose', async () => sweeper.stop());
    const auditRetention = startAuditRetention({
      db: database.db,
      retentionDays: config.AUDIT_RETENTION_DAYS,
      log: app.log.child({ module: 'audit' }),
    });
    app.addHook('onClose', async () => auditRetention.stop());
    await app.register(jwksRoutes, { identity });
    // Outside the portal scope: browsers send reports without the XSRF header.
    await app.register(cspReportRoutes);
    await app.register(
      async (portal) => {
        await portal.register(fastifyCors, { origin: config.CORS_ORIGINS, credentials: true });
        portal.addHook('onRequest', xsrf.onRequest);
        // U+0000 anywhere in a request is a 400, never a 500 from PostgreSQL (issue 15).
        portal.addHook('preValidation', rejectNulInUrl);
        portal.addHook('preHandler', rejectNulInBody);
        portal.get(
          '/session/xsrf',
          { schema: { tags: ['Auth'], summary: 'Set the XSRF-TOKEN cookie that browsers echo back' } },
          async () => ({ status: 'ok' }),
        );
        await portal.register(authGuard, { identity: toGuardIdentity(identity) });
        await portal.register(organizationGuard, { access: toOrganizationAccess(database.db) });
        await portal.register(identityRoutes, { identity });
        await portal.register(contactRoutes, { prefix: '/contact', db: database.db, mailer, config });
        await portal.register(projectRoutes, { prefix: '/projects', db: database.db });
        await portal.register(keyRoutes, {
          prefix: '/keys',
          db: database.db,
          invalidation: gateway.invalidation,
        });
        await portal.register(usageRoutes, { prefix: '/usage', db: database.db, meter: gateway.meter });
        await portal.register(planRoutes, { prefix: '/plans' });
        await portal.register(billingRoutes, { prefix: '/billing', billing });
        await portal.register(organizationRoutes, {
          prefix: '/organizations',
          db: database.db,
          mailer,
          publicUrl: config.publicUrl,
          appName: config.APP_NAME,
          invalidation: gateway.invalidation,
          assertRecentAuthentication: (request) => assertRecentAuthentication(identity, request),
        });
        await portal.register(invitationRoutes, { prefix: '/invitations', db: database.db });
        await portal.register(privacyRoutes, { deps: privacy, identity, sweeper: privacySweeper });
        await portal.register(activityRoutes, { db: database.db, appName: config.APP_NAME });
        // The staff console's API (issue 26): its own scope, every path behind the staff check.
        await portal.register(adminRoutes, {
          prefix: '/admin',
          db: database.db,
          identity,
          invalidation: gateway.invalidation,
          meter: gateway.meter,
          sourceHealth,
          staffSessionTtlHours: config.STAFF_SESSION_TTL_HOURS,
          viewAsTtlMinutes: config.VIEW_AS_TTL_MINUTES,
          onNfseDue: () => nfse.sweeper.wake(),
        });
      },
      { prefix: portalApiPrefix(config.API_URL) },
    );
  }

  const isServingSite = config.SERVE_WEB && config.ROLE !== 'api';
  if (isServingSite) await app.register(discoveryRoutes, { publicUrl: config.publicUrl });
  const sendSpaIndex = isServingSite ? await registerWeb(app, config, xsrf) : null;

  app.setNotFoundHandler((request, reply) => {
    if (sendSpaIndex && isSpaRoute(request, API_PREFIXES)) return sendSpaIndex(request, reply);
    return sendError(request, reply, 'NotFound');
  });

  return app;
}
