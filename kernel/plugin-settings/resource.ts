import type { LoadedPlugin } from '../plugin-loader.ts';
import type { PluginState, PluginStateName } from '../plugin-states.ts';
import type { SettingsSpec, Settings, SettingsSchema } from './schema.ts';

/** The plugin resource of the API (`GET /api/v1/plugins/{name}/`); secrets never appear in it. */
export interface PluginResource {
  name: string;
  version: string;
  description: string;
  kinds: string[];
  source: 'built-in' | 'package' | 'folder';
  enabled: boolean;
  state: PluginStateName;
  reason: string | null;
  settings_schema: SettingsSchema;
  settings: Settings;
  secrets_set: string[];
  updated_at: string | null;
}

const NO_SETTINGS: SettingsSchema = { type: 'object', properties: {} };

/** The resource of a plugin with these settings and this state: secret values left out, only named in `secrets_set`. */
export function pluginResource(
  loaded: LoadedPlugin,
  spec: SettingsSpec | undefined,
  about: { enabled: boolean; updatedAt: Date | null; current: Settings; state: PluginState },
): PluginResource {
  const { plugin } = loaded;
  const { current, state } = about;
  const secrets = spec?.secrets ?? [];
  const settings: Settings = {};
  for (const [key, value] of Object.entries(current)) if (!secrets.includes(key)) settings[key] = value;
  return {
    name: plugin.name,
    version: plugin.version,
    description: plugin.description ?? '',
    kinds: [...(plugin.kinds ?? [])],
    source: loaded.origin,
    enabled: about.enabled,
    state: state.state,
    reason: state.state === 'active' ? null : state.reason,
    settings_schema: spec?.schema ?? NO_SETTINGS,
    settings,
    secrets_set: secrets.filter((key) => current[key] !== undefined && current[key] !== null && current[key] !== ''),
    updated_at: about.updatedAt?.toISOString() ?? null,
  };
}
