import type { Executor } from '@hookwire/contract';
import type { HttpHook } from '@hookwire/exec-http';
import type { OracleHook } from '@hookwire/exec-oracle';
import type { ShellHook } from '@hookwire/exec-shell';
import type { RuleEngine } from './rule-engine.js';

/** The executors a runtime uses, each loaded on first use so a config pays only for the kinds it has. */
export interface ExecutorTable {
  shell(): Promise<Executor<ShellHook>>;
  http(): Promise<Executor<HttpHook>>;
  oracle(): Promise<Executor<OracleHook>>;
  /** The in-process rule engine (with CEL and the shell parser), loaded on the first rule hook. */
  rules(): Promise<RuleEngine>;
  close(): Promise<void>;
}

export function createExecutorTable(): ExecutorTable {
  const made: Promise<Executor<never>>[] = [];
  const lazy = <H>(make: () => Promise<Executor<H>>) => {
    let executor: Promise<Executor<H>> | undefined;
    return () => {
      if (!executor) {
        executor = make();
        made.push(executor as Promise<Executor<never>>);
      }
      return executor;
    };
  };
  return {
    shell: lazy(async () => (await import('@hookwire/exec-shell')).createShellExecutor()),
    http: lazy(async () => (await import('@hookwire/exec-http')).createHttpExecutor()),
    oracle: lazy(async () => (await import('@hookwire/exec-oracle')).createOracleExecutor()),
    rules: (() => {
      let engine: Promise<RuleEngine> | undefined;
      return () => (engine ??= import('./rule-engine.js').then((module) => module.createRuleEngine()));
    })(),
    async close() {
      const executors = await Promise.allSettled(made.splice(0));
      await Promise.allSettled(executors.map((e) => (e.status === 'fulfilled' ? e.value.close() : undefined)));
    },
  };
}
