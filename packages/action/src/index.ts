export { parseShell } from './parse-shell.js';
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
