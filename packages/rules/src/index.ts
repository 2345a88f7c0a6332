// The package with CEL loaded at start: conditions compile and evaluate synchronously.
// `@hookwire/rules/lazy` is the same without it, for processes that mostly need none (a one-shot bridge).
import { provideEnvironment } from './conditions.js';
import { selectEnvironment } from './environment.js';

provideEnvironment(selectEnvironment);

export * from './lazy.js';
