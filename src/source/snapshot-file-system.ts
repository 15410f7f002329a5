import * as fsPromises from 'node:fs/promises';

/**
 * The file-system calls the snapshot file makes. The library always uses `node:fs/promises`; a
 * test passes a wrapper that records the calls on their way to it, to see their order (the
 * directory is flushed after the rename, not before).
 *
 * @internal
 * @example
 * ```ts
 * await writeSnapshotText(path, text, { fs: { ...NODE_SNAPSHOT_FILE_SYSTEM, rename: logged(fs.rename) } });
 * ```
 */
export interface SnapshotFileSystem {
  readonly open: typeof fsPromises.open;
  readonly rename: typeof fsPromises.rename;
  readonly unlink: typeof fsPromises.unlink;
  readonly lstat: typeof fsPromises.lstat;
  readonly readlink: typeof fsPromises.readlink;
  readonly stat: typeof fsPromises.stat;
  readonly readdir: typeof fsPromises.readdir;
}

/** @internal The real file system. @example `writeSnapshotText(path, text, { fs: NODE_SNAPSHOT_FILE_SYSTEM })` */
export const NODE_SNAPSHOT_FILE_SYSTEM: SnapshotFileSystem = Object.freeze({
  open: fsPromises.open,
  rename: fsPromises.rename,
  unlink: fsPromises.unlink,
  lstat: fsPromises.lstat,
  readlink: fsPromises.readlink,
  stat: fsPromises.stat,
  readdir: fsPromises.readdir,
});
