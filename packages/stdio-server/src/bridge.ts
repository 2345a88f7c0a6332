import type { Logger } from '@hookwire/runtime';

export interface BridgeOptions {
  configPaths: string[];
  dialect: 'claude';
  passAllow: boolean;
  onError: 'warn' | 'block';
  budgetMs?: number;
  logger: Logger;
}

/** `hookwire run`: not written yet. */
export async function runBridge(_options: BridgeOptions): Promise<number> {
  process.stderr.write('hookwire run: not implemented yet\n');
  return 1;
}
