// `hookwire run`, `npx hookwire@1 run`, `node_modules/.bin/hookwire run`, `node .../stdio-server/lib/index.js run`:
// the bridge's executable, then any words, then the `run` command, within one simple command.
const BRIDGE = /(?:\bhookwire\b[^\s"']*|@hookwire\/stdio-server[^\s"']*|stdio-server\/lib\/(?:index|bin)\.js)["']?(?:\s+[^\s|;&]+)*?\s+run(?=\s|$|;|&|\|)/;

/** Whether a shell command runs the `hookwire run` bridge. */
export function runsTheBridge(command: string): boolean {
  return BRIDGE.test(command);
}
