export { buildAction } from './build-action.js';
export { parseShell } from './parse-shell.js';
export { DEFAULT_PATH_CLASSES, compilePathClasses } from './path-classes.js';
export type { PathClassifier } from './path-classes.js';
export type {
  Action,
  ActionInput,
  ActionOptions,
  FileAccess,
  FileOp,
  InterpreterCode,
  Redirect,
  ShellModel,
  ShellOptions,
  SimpleCommand,
  UrlAccess,
} from './types.js';
