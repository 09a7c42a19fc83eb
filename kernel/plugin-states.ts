/** What the store made of an installed plugin: serving, or waiting for its configuration. */
export type PluginState = { state: 'active' } | { state: 'needs_configuration'; reason: string };

/**
 * The state of each loaded plugin. Routes and hook taps of a plugin that is not active are skipped
 * (its routes answer 404, its taps pass the value through, its jobs wait), so one unconfigured plugin does not block
 * the store; its migrations still run, so its tables exist once it is configured.
 */
export class PluginStates {
  private readonly unconfigured = new Map<string, string>();

  markNeedsConfiguration(plugin: string, reason: string): void {
    this.unconfigured.set(plugin, reason);
  }

  /** Unknown names (the kernel's own taps) are active. */
  isActive(plugin: string): boolean {
    return !this.unconfigured.has(plugin);
  }

  of(plugin: string): PluginState {
    const reason = this.unconfigured.get(plugin);
    return reason === undefined ? { state: 'active' } : { state: 'needs_configuration', reason };
  }
}
