import installed from 'storekeep-admin:extensions';
import type { AdminExtension, AdminPage, AdminWidget, ZoneName } from './sdk.ts';

/** The admin modules of the loaded plugins, bundled at start (see bundle.ts). */
const modules = installed as { plugin: string; extension: AdminExtension }[];

export interface PluginPage extends AdminPage {
  plugin: string;
  /** The full pattern, /admin/ext/<plugin>/<path>. */
  pattern: string;
}

export const pluginPages: PluginPage[] = modules.flatMap(({ plugin, extension }) =>
  (extension.pages ?? []).map((page) => ({ ...page, plugin, pattern: `/admin/ext/${plugin}/${page.path}`.replace(/\/$/, '') + '/' })),
);

export function widgetsFor<Z extends ZoneName>(zone: Z): (AdminWidget<Z> & { plugin: string })[] {
  return modules.flatMap(({ plugin, extension }) =>
    (extension.widgets ?? []).filter((w) => w.zone === zone).map((w) => ({ ...(w as unknown as AdminWidget<Z>), plugin })),
  );
}
