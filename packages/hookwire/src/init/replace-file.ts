import type { Stats } from 'node:fs';
import { chmod, chown, lstat, mkdir, readlink, realpath, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

/** The file a write of `path` lands in: the end of its chain of links when it is one, else `path` itself. */
async function targetOf(path: string): Promise<{ target: string; stats: Stats | undefined }> {
  try {
    const target = await realpath(path);
    return { target, stats: await stat(target) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    // A link to a file not there yet: the file is made where it points.
    if (await isLink(path)) return { target: resolve(dirname(path), await readlink(path)), stats: undefined };
    return { target: path, stats: undefined };
  }
}

/**
 * Replaces the text of `path` the way an editor that cares does: through a link to its target (a
 * shared settings file stays shared, and the link stays a link), keeping the file's mode and
 * owner (a 0600 file that holds secrets stays 0600, a 0444 one read-only), atomically (a temp
 * file in the same folder, renamed over it). The temp file is private until it gets the final
 * mode. When the owner cannot be given back (not root, another user's file), the file is
 * rewritten in place instead, which keeps everything but atomicity. A new file gets the default
 * mode (0666 less the umask).
 */
export async function replaceFile(path: string, text: string): Promise<void> {
  const { target, stats } = await targetOf(path);
  await mkdir(dirname(target), { recursive: true });
  const temp = `${target}.hookwire-${process.pid}.tmp`;
  await writeFile(temp, text, stats === undefined ? {} : { mode: 0o600 });
  try {
    if (stats !== undefined) {
      if (stats.uid !== process.getuid?.() || stats.gid !== process.getgid?.()) {
        try {
          await chown(temp, stats.uid, stats.gid);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
          await unlink(temp);
          return await writeFile(target, text);
        }
      }
      await chmod(temp, stats.mode & 0o7777);
    }
    await rename(temp, target);
  } catch (error) {
    await unlink(temp).catch(() => {});
    throw error;
  }
}

/** Whether `path` is a symbolic link (false when it is missing). */
export async function isLink(path: string): Promise<boolean> {
  return lstat(path).then((stats) => stats.isSymbolicLink(), () => false);
}
