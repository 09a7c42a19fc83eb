import type { SecretBox } from '../crypto/secret-box.ts';
import { parseJson, toBool, toDate } from '../db/dialect.ts';
import type { Settings } from './schema.ts';

/** Where operators' decisions about plugins are kept (kernel/migrations/005-plugin-settings.ts). */
export const PLUGIN_SETTINGS_TABLE = 'plugin_settings';

/** One plugin's row, secrets opened (in memory only). */
export interface StoredSettings {
  enabled: boolean;
  /** Values set through the API or CLI, secrets apart. */
  settings: Settings;
  secrets: Settings;
  revision: number;
  /** When an operator last changed it; null if never. */
  updatedAt: Date | null;
}

/** A plugin without a row: enabled, nothing set. */
export const unstored = (): StoredSettings => ({ enabled: true, settings: {}, secrets: {}, revision: 0, updatedAt: null });

/** Reads a row; throws when its secrets cannot be opened (another DATA_DIR key). */
export function readStored(row: any, box: SecretBox): StoredSettings {
  const sealed = row.secrets_sealed as string | null;
  const revision = Number(row.revision);
  return {
    enabled: toBool(row.enabled),
    settings: parseJson<Settings>(row.settings, {}),
    secrets: sealed ? JSON.parse(box.open(sealed)) : {},
    revision,
    // Revision 0 is the row a change creates before it validates: nobody changed anything yet.
    updatedAt: revision > 0 ? toDate(row.updated_at) : null,
  };
}

/** The columns of a row: the secrets, all together, sealed; none of them in clear. */
export function storedColumns(stored: StoredSettings, box: SecretBox): Record<string, unknown> {
  return {
    enabled: stored.enabled,
    settings: JSON.stringify(stored.settings),
    secrets_sealed: Object.keys(stored.secrets).length ? box.seal(JSON.stringify(stored.secrets)) : null,
    revision: stored.revision,
    updated_at: stored.updatedAt,
  };
}

/** Merges a PATCH's settings into the stored ones: a key set to null is removed (back to its default). */
export function mergeSettings(stored: StoredSettings, patch: Record<string, unknown>, isSecret: (key: string) => boolean): Pick<StoredSettings, 'settings' | 'secrets'> {
  const settings = { ...stored.settings };
  const secrets = { ...stored.secrets };
  for (const [key, value] of Object.entries(patch)) {
    const target = isSecret(key) ? secrets : settings;
    if (value === null) delete target[key];
    else target[key] = value;
  }
  return { settings, secrets };
}
