/**
 * `@storekeep-commerce/sdk`: what a plugin imports from the store. It is the running store's own
 * kernel (this package lives inside the store and re-exports its modules), so a plugin installed as a
 * package shares the store's definePlugin, errors and hook instances, never a second copy.
 */

// The hook sets and request decorations the core declares (`ctx.hooks.get('checkout')`,
// `request.principal`, …) are module augmentations; importing their files here puts them in every
// plugin's type check with this one import.
import type {} from './augmentations.ts';

export { definePlugin, isPlugin, PluginConfigurationError, isPluginConfigurationError } from '../../kernel/plugin.ts';
export type { Plugin, PluginContext, PluginDefinition, PluginSettingsAccess } from '../../kernel/plugin.ts';
// Settings (`definePlugin({ settings })`, `ctx.settings`) and the plugin resource of the API.
export type { SettingsSchema, SettingSchema, Settings } from '../../kernel/plugin-settings/schema.ts';
export type { EventDeclaration, FieldDeclarations, DeclaredEvent } from '../../kernel/plugin-declarations.ts';
export type { PluginState, PluginStateName } from '../../kernel/plugin-states.ts';
export type { PluginResource, PluginChange } from '../../kernel/plugin-settings/installed-plugins.ts';
// `ctx.metrics`: a plugin's own gauges and counters on GET /metrics.
export type { PluginMetrics, PluginGaugeDefinition, PluginCounter, MetricDefinition, MetricSample } from '../../kernel/metrics/plugin-metrics.ts';
// The store's secret box: seal a secret a plugin must use again (AES-256-GCM, the key in DATA_DIR).
export { SecretBox } from '../../kernel/crypto/secret-box.ts';
export type { HookSets, KernelHooks, EventHooks } from '../../kernel/hooks.ts';
export type { RouteDefinition, RouteRequest, RouteSchema, HttpMethod } from '../../kernel/routes.ts';
export type { DirectRequest, DirectReply } from '../../kernel/http/direct-request.ts';
export type { EventRecord, EventBus } from '../../kernel/events.ts';
export type { JobContext, JobHandler, EnqueueOptions, Worker } from '../../kernel/worker.ts';
export type { CliCommand } from '../../kernel/cli-registry.ts';
export type { Config } from '../../kernel/config.ts';
export type { Logger } from '../../kernel/logger.ts';
export { maskSecret } from '../../kernel/logger.ts';
export type { Clock } from '../../kernel/clock.ts';
export type { Principal, AuthPolicy } from '../../kernel/http/principal.ts';
export { isStaffLike } from '../../kernel/http/principal.ts';

// Errors: every refusal is an AppError, answered as {detail, code, errors?} with its status.
export {
  AppError,
  isAppError,
  badRequest,
  invalidField,
  notAuthenticated,
  authenticationFailed,
  permissionDenied,
  notFound,
  conflict,
  tooManyRequests,
} from '../../kernel/http/errors.ts';
export type { FieldErrors } from '../../kernel/http/errors.ts';

// Money: integer minor units, exact arithmetic.
export {
  MAX_AMOUNT_MINOR,
  AmountOutOfRangeError,
  MoneyFormatError,
  multiplyQuantity,
  sumAmounts,
  parseAmount,
  formatAmount,
  toMoney,
  parseRate,
  convert,
  multiplyRatio,
  percentOf,
  allocate,
} from '../../kernel/money/money.ts';
export type { Money, Rate, ParseAmountOptions } from '../../kernel/money/money.ts';

// Lists: the paged envelope, ordering and range filters every list endpoint shares.
export {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  listQuerySchema,
  parseOrdering,
  parseDateBound,
  applyRanges,
  envelope,
  paginate,
  pageSchema,
} from '../../kernel/http/lists.ts';
export type { Page, ListSpec, OrderBy, RangeKind } from '../../kernel/http/lists.ts';

// Schema helpers for route schemas (and their OpenAPI documentation).
export {
  moneySchema,
  idInput,
  idParams,
  toId,
  anyCurrencyCode,
  anyCountryCode,
  decimalString,
  countryCode,
  currencyCode,
  languageTag,
  reference,
} from '../../kernel/http/schemas.ts';

// Database helpers that behave the same on SQLite and MySQL/MariaDB.
export { isSqlite, isMysql, forUpdate, forUpdateSkipLocked, toDate, toIso, toBool, parseJson, affectedRows, incrementCounter } from '../../kernel/db/dialect.ts';
export { claimDueRows } from '../../kernel/db/claim.ts';
export { KeptCounts, createKeptCounts, createKeptCountSlots } from '../../kernel/db/kept-counts.ts';
export { KeptRead } from '../../kernel/db/kept-read.ts';
export type { ClaimOptions } from '../../kernel/db/claim.ts';
export { markOutsideEffect } from '../../kernel/db/transaction-retry.ts';

// Container services of the kernel a plugin resolves: `mailer` and `outboundGuard`.
export type { Mailer } from '../../kernel/mail/mailer.ts';
export type { MailMessage } from '../../kernel/mail/message.ts';
export type { OutboundGuard } from '../../kernel/net/outbound.ts';
export type { InternalApi, InternalRequest, InternalResponse } from '../../kernel/http/internal-api.ts';
export { OutboundRefusedError } from '../../kernel/net/outbound.ts';

// The store's own copies of the libraries a plugin's code touches directly: hook classes for the hooks
// a plugin offers, container registrations, and the types of the database handle and of requests.
// Importing them from here keeps a plugin on the running store's instances and types.
export { AsyncSeriesWaterfallHook, AsyncSeriesHook, AsyncParallelHook, SyncHook, SyncWaterfallHook } from 'tapable';
export { asValue, asFunction, asClass } from 'awilix';
export type { Knex } from 'knex';
export type { FastifyRequest, FastifyReply } from 'fastify';
// Column helpers for migrations (`columns.timestamps(t)`, `columns.money(t, 'price_minor')`).
export * as columns from '../../kernel/db/schema.ts';
