/**
 * `@storekeep-commerce/sdk/admin`: what a plugin's admin module imports. Its default export is
 * `defineAdminExtension({ pages, widgets })`; its components are ordinary Preact (JSX) and reach the
 * store only through `api`, the same typed REST client the panel uses.
 */
import type { ComponentType } from 'preact';
import type { components } from './api/schema';

export type Order = components['schemas']['Order'];
export type Product = components['schemas']['Product'];
export type Customer = components['schemas']['Customer'] & { addresses?: components['schemas']['CustomerAddress'][] };

/** The props each zone gives its widgets. */
export interface ZoneProps {
  'order.details': { order: Order; reload: () => void };
  'product.details': { product: Product; reload: () => void };
  'customer.details': { customer: Customer; reload: () => void };
  settings: Record<string, never>;
}

export type ZoneName = keyof ZoneProps;

export interface AdminWidget<Z extends ZoneName = ZoneName> {
  zone: Z;
  /** The widget's heading in the zone. */
  title: string;
  component: ComponentType<ZoneProps[Z]>;
}

export interface AdminPage {
  /** Under /admin/ext/<plugin>/: `''` for the plugin's main page, `'reports/:id'` for more. */
  path: string;
  /** The sidebar entry; a page without one is reached by links only. */
  label?: string;
  component: ComponentType<{ params: Record<string, string> }>;
}

export interface AdminExtension {
  pages?: AdminPage[];
  widgets?: { [Z in ZoneName]: AdminWidget<Z> }[ZoneName][];
}

/** Declares a plugin's pages and widgets (the default export of the module named by `admin` in definePlugin). */
export function defineAdminExtension(extension: AdminExtension): AdminExtension {
  return extension;
}

export { api, ok, ApiError } from './api/client.ts';
export { Link, navigate, useQuery } from './router.tsx';
export { Button, ConfirmButton, Notice } from './components/ui.tsx';
export { formatMoney, formatDate } from './format.ts';
