/** The names a scaffolded plugin is written with, all derived from the one the author gives. */
export interface PluginNames {
  /** The plugin's name (`definePlugin({ name })`, routes under /api/v1/<name>/): `shipping-weight`. */
  name: string;
  /** The npm package's name: `storekeep-plugin-shipping-weight`. */
  pkg: string;
  /** For tables, gateway identifiers and method ids: `shipping_weight`. */
  snake: string;
  /** For environment variables: `SHIPPING_WEIGHT`. */
  env: string;
  /** For class names: `ShippingWeight`. */
  pascal: string;
  /** For people: `Shipping Weight`. */
  title: string;
}

// The plugin loader's own rule (lower-case letters, digits, dashes), without a dash at the end or two
// in a row, and short enough that `<snake>_<table>` stays within MySQL's 64-character identifiers.
const NAME = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
const MAX_LENGTH = 40;

/** Why `name` cannot be a plugin's name, or undefined when it can. */
export function badName(name: string): string | undefined {
  if (!NAME.test(name)) return `"${name}" is not a plugin name: use lower-case letters, digits and single dashes, starting with a letter (e.g. shipping-weight).`;
  if (name.length > MAX_LENGTH) return `"${name}" is too long for a plugin name (at most ${MAX_LENGTH} characters).`;
  if (name.startsWith('core-')) return `"${name}" is not a plugin name: the core- prefix belongs to the store's own plugins.`;
  return undefined;
}

export function namesOf(name: string): PluginNames {
  const words = name.split('-');
  return {
    name,
    pkg: `storekeep-plugin-${name}`,
    snake: words.join('_'),
    env: words.join('_').toUpperCase(),
    pascal: words.map((w) => w[0].toUpperCase() + w.slice(1)).join(''),
    title: words.map((w) => w[0].toUpperCase() + w.slice(1)).join(' '),
  };
}
