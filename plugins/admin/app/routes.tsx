import type { ComponentType } from 'preact';
import type { StaffUser } from './session.ts';
import { matchPath } from './router.tsx';
import { pluginPages } from './extensions.ts';
import { Dashboard } from './pages/dashboard.tsx';
import { OrderList } from './pages/orders/list.tsx';
import { OrderDetail } from './pages/orders/detail.tsx';
import { ProductList } from './pages/products/list.tsx';
import { ProductEdit } from './pages/products/edit.tsx';
import { ApiKeys } from './pages/settings/api-keys.tsx';
import { Webhooks } from './pages/settings/webhooks.tsx';
import { WebhookDetail } from './pages/settings/webhook-detail.tsx';
import { StoreSettings } from './pages/settings/store.tsx';
import { Staff } from './pages/settings/staff.tsx';
import { Themes } from './pages/themes.tsx';
import { Plugins } from './pages/plugins.tsx';
import { Inventory } from './pages/inventory.tsx';
import { Customers, CustomerDetail } from './pages/customers.tsx';
import { resourceScreens } from './pages/resources.tsx';
import { NotFound } from './pages/not-found.tsx';

export type ScreenProps = { params: Record<string, string>; user: StaffUser };

export interface Screen {
  pattern: string;
  title: string;
  component: ComponentType<ScreenProps>;
  /** The sidebar group it is listed under; unlisted screens are reached by links. */
  nav?: 'Store' | 'Catalogue' | 'Settings' | 'Plugins';
}

export const screens: Screen[] = [
  { pattern: '/admin/', title: 'Dashboard', component: Dashboard, nav: 'Store' },
  { pattern: '/admin/orders/', title: 'Orders', component: OrderList, nav: 'Store' },
  { pattern: '/admin/orders/:id/', title: 'Order', component: OrderDetail },
  { pattern: '/admin/customers/', title: 'Customers', component: Customers, nav: 'Store' },
  { pattern: '/admin/customers/:id/', title: 'Customer', component: CustomerDetail },
  { pattern: '/admin/products/', title: 'Products', component: ProductList, nav: 'Catalogue' },
  { pattern: '/admin/products/new/', title: 'New product', component: ProductEdit },
  { pattern: '/admin/products/:id/', title: 'Product', component: ProductEdit },
  { pattern: '/admin/inventory/', title: 'Inventory', component: Inventory, nav: 'Catalogue' },
  ...resourceScreens,
  { pattern: '/admin/themes/', title: 'Themes', component: Themes, nav: 'Settings' },
  { pattern: '/admin/plugins/', title: 'Plugins', component: Plugins, nav: 'Settings' },
  { pattern: '/admin/settings/store/', title: 'Store', component: StoreSettings, nav: 'Settings' },
  { pattern: '/admin/settings/staff/', title: 'Staff', component: Staff, nav: 'Settings' },
  { pattern: '/admin/settings/api-keys/', title: 'API keys', component: ApiKeys, nav: 'Settings' },
  { pattern: '/admin/settings/webhooks/', title: 'Webhooks', component: Webhooks, nav: 'Settings' },
  { pattern: '/admin/settings/webhooks/:id/', title: 'Webhook', component: WebhookDetail },
  ...pluginPages.map((page) => ({
    pattern: page.pattern,
    title: page.label ?? page.plugin,
    component: page.component as ComponentType<ScreenProps>,
    nav: page.label ? ('Plugins' as const) : undefined,
  })),
];

export function routeFor(pathname: string): { component: ComponentType<ScreenProps>; params: Record<string, string>; title: string } {
  const path = pathname.endsWith('/') ? pathname : `${pathname}/`;
  for (const screen of screens) {
    const params = matchPath(screen.pattern, path);
    if (params) return { component: screen.component, params, title: screen.title };
  }
  return { component: NotFound, params: {}, title: 'Not found' };
}
