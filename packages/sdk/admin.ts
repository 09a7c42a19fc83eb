/**
 * `@storekeep-commerce/sdk/admin`: what a plugin's admin module imports (pages, widgets, the typed API
 * client, a few components). The admin panel bundles the module at start; see docs/admin-extensions.md.
 */
export * from '../../plugins/admin/app/sdk.ts';
