// OpenCode calls every function this module exports as a plugin: export the plugin only.
export { HookwirePlugin } from './hookwire-plugin.js';
export type { HookwireHooks, OpenCodeContext } from './hookwire-plugin.js';
export type { HookwirePluginOptions } from './plugin-options.js';
