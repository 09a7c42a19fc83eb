import { asValue } from 'awilix';
import { definePlugin } from '../../kernel/plugin.ts';
import type { OpenApiWebhooks } from '../../kernel/http/openapi.ts';
import type { DeclaredEvent } from '../../kernel/plugin-declarations.ts';
import type { OutboundGuard } from '../../kernel/net/outbound.ts';
import { BUILT_IN_EVENTS, EventCatalogue, openApiEntry } from './catalogue.ts';
import { registerDeliveryRoutes } from './routes/deliveries.ts';
import { registerEndpointRoutes } from './routes/endpoints.ts';
import { registerEventRoutes } from './routes/events.ts';
import { ActiveEndpoints } from './services/active-endpoints.ts';
import { DeliveryService, DELIVERY_BATCH } from './services/deliveries.ts';
import { EndpointHealth } from './services/endpoint-health.ts';
import { EndpointService } from './services/endpoints.ts';
import { EventLog } from './services/event-log.ts';
import { SecretBox } from '../../kernel/crypto/secret-box.ts';
import { DeliverySender } from './services/sender.ts';
import { registerDeliveryMetrics } from './services/delivery-metrics.ts';
import { deliverySchema, endpointSchema, eventSchema } from './schemas.ts';

export const PLUGIN_NAME = 'webhooks';

/**
 * Signed, durable webhook deliveries: endpoints, one delivery per (endpoint, event) created from the
 * outbox after commit, a delivery loop in every instance with retries for 3 days, the delivery log,
 * the events list and the event catalogue (also in the OpenAPI document's `webhooks` section).
 */
export default definePlugin({
  name: PLUGIN_NAME,
  version: '1.0.0',
  description: 'Signed webhook deliveries of the store\'s events, with retries, a delivery log and redelivery.',
  kinds: ['integration'],
  dependsOn: ['core-store', 'core-auth'],
  register(ctx) {
    // Every catalogue entry, also those other plugins add later, is documented in OpenAPI's `webhooks`.
    const docs = ctx.container.resolve<OpenApiWebhooks>('openApiWebhooks');
    const catalogue = new EventCatalogue(BUILT_IN_EVENTS, (entry) => docs.add(entry.type, openApiEntry(entry)));
    // Event types other plugins declare in definePlugin({ events }) (all known before any register).
    for (const declared of ctx.container.resolve<DeclaredEvent[]>('pluginEventTypes')) catalogue.addDeclared(declared);
    const secrets = new SecretBox(ctx.config.dataDir);
    const guard = ctx.container.resolve<OutboundGuard>('outboundGuard');
    const sender = new DeliverySender(guard);
    // The fan-out's kept list of active endpoints; every writer of an endpoint tells it (changed).
    const active: ActiveEndpoints = new ActiveEndpoints({
      knex: ctx.knex,
      clock: ctx.clock,
      logger: ctx.logger,
      read: (db) => endpoints.active(db),
      catchUp: (endpoint, from) => deliveries.catchUp(endpoint, from),
    });
    const endpoints: EndpointService = new EndpointService({ clock: ctx.clock, secrets, catalogue, guard, active });
    const health = new EndpointHealth({ knex: ctx.knex, clock: ctx.clock, logger: ctx.logger, container: ctx.container, baseUrl: ctx.config.baseUrl, active });
    const deliveries: DeliveryService = new DeliveryService({ knex: ctx.knex, clock: ctx.clock, logger: ctx.logger, endpoints, active, sender, health });
    const eventLog = new EventLog();

    ctx.container.register({
      webhookEventCatalogue: asValue(catalogue),
      webhookEndpointService: asValue(endpoints),
      webhookDeliveryService: asValue(deliveries),
      webhookSender: asValue(sender),
    });
    for (const schema of [endpointSchema, deliverySchema, eventSchema]) ctx.schemas.add(schema as any);
    registerEndpointRoutes(ctx, endpoints);
    registerDeliveryRoutes(ctx, { endpoints, deliveries });
    registerEventRoutes(ctx, eventLog);

    // Every committed event becomes deliveries, and the loop is woken so they leave within moments.
    ctx.hooks.get('events').afterCommit.tapPromise({ name: PLUGIN_NAME }, async (event) => {
      await deliveries.fanOut(event);
    });
    const loop = ctx.worker.addLoop('webhook deliveries', () => deliveries.deliverDue(), DELIVERY_BATCH);
    deliveries.setWake(() => loop.wake());
    registerDeliveryMetrics(ctx.metrics, ctx.knex);
    ctx.worker.every('webhooks.purge-events', 3_600_000, async (_payload, job) => {
      await eventLog.purge(ctx.knex, job.now);
    });

    ctx.hooks.get('kernel').shutdown.tapPromise({ name: PLUGIN_NAME }, () => (active.stop(), sender.close()));
  },
});
