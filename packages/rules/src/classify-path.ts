import { compilePathClasses } from '@hookwire/action';

export type PathClassifier = (path: string) => string[];

/**
 * Classifies a path by the action package's sensitive-path classes plus the user's extra globs,
 * as buildAction does for the files it finds (the same compiled classifier, cached there per home
 * and extra globs); here for paths that appear as command arguments buildAction does not read as
 * files (git add .env, tar czf x ~/.ssh, scp ~/.aws/credentials h:). A folder that holds where a
 * class's globs start (~ holds ~/.ssh) is in that class too.
 */
export function selectPathClassifier(home: string, extra: Readonly<Record<string, readonly string[]>>): PathClassifier {
  const classify = compilePathClasses(home, extra);
  return (path) => classify(path, true);
}
