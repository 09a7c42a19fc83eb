/** What the store made of an installed plugin: serving, or off and why. */
export type PluginStateName = 'active' | 'needs_configuration' | 'disabled' | 'failed';
export type PluginState = { state: 'active' } | { state: Exclude<PluginStateName, 'active'>; reason: string };

/**
 * The state of each loaded plugin. Routes and hook taps of a plugin that is not active are skipped
 * (its routes answer 404, its taps pass the value through, its jobs and loops wait), so one plugin that
 * is off does not block the store; its migrations still run, so its tables exist once it serves.
 *
 * Why a plugin is off, first reason first: an operator disabled it; it failed (a settings change it
 * could not take, see plugin-settings/installed-plugins.ts); it threw PluginConfigurationError from
 * register or boot (until a restart); a required setting is missing or a setting is invalid.
 */
export class PluginStates {
  private readonly configErrors = new Map<string, string>();
  private readonly settingsProblems = new Map<string, string>();
  private readonly failures = new Map<string, string>();
  private readonly disabled = new Set<string>();

  /** Register or boot threw PluginConfigurationError: off until the store restarts. */
  markNeedsConfiguration(plugin: string, reason: string): void {
    this.configErrors.set(plugin, reason);
  }

  /** The PluginConfigurationError message a plugin threw from register or boot, if any. */
  configurationError(plugin: string): string | undefined {
    return this.configErrors.get(plugin);
  }

  /** What is wrong with its current settings (a required one missing), or undefined when nothing is. */
  setSettingsProblem(plugin: string, reason: string | undefined): void {
    if (reason === undefined) this.settingsProblems.delete(plugin);
    else this.settingsProblems.set(plugin, reason);
  }

  markFailed(plugin: string, reason: string): void {
    this.failures.set(plugin, reason);
  }

  clearFailure(plugin: string): void {
    this.failures.delete(plugin);
  }

  setEnabled(plugin: string, enabled: boolean): void {
    if (enabled) this.disabled.delete(plugin);
    else this.disabled.add(plugin);
  }

  /** Unknown names (the kernel's own taps) are active. */
  isActive(plugin: string): boolean {
    return this.of(plugin).state === 'active';
  }

  of(plugin: string): PluginState {
    if (this.disabled.has(plugin)) return { state: 'disabled', reason: 'Disabled by an operator.' };
    const failure = this.failures.get(plugin);
    if (failure !== undefined) return { state: 'failed', reason: failure };
    const reason = this.configErrors.get(plugin) ?? this.settingsProblems.get(plugin);
    return reason === undefined ? { state: 'active' } : { state: 'needs_configuration', reason };
  }
}
