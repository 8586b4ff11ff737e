import fs from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * What PGlite 0.5 does on Node, and why a flag alone does not make it durable
 * (docs/decisions/015-embedded-durability.md):
 * - it starts PostgreSQL with `-F` (fsync off), a command-line setting that
 *   neither `SET fsync` nor `ALTER SYSTEM` can change;
 * - its file system (emscripten's NODEFS) writes every page straight to the
 *   host file (so kill -9 loses nothing) but turns fsync() and fdatasync() into
 *   no-ops: started without `-F`, PostgreSQL believes it synced and nothing
 *   reaches the disk.
 * Durable mode therefore drops `-F`, makes fsync() reach the disk (fdatasync for
 * files, fsync for the directories PostgreSQL syncs after creating or renaming a
 * file), and flushes the WAL with fsync() at each commit (`wal_sync_method=fsync`),
 * since PostgreSQL's own fdatasync() call stays a no-op in the WebAssembly runtime.
 */

/** The few members of emscripten's NODEFS this file touches. */
interface NodeFsModule {
  stream_ops: { fsync?: (stream: NodeFsStream) => number };
  realPath(node: unknown): string;
  /** Runs a host call, turning a Node error into the errno PostgreSQL sees (an fsync failure PANICs, as it should). */
  tryFSOperation<T>(operation: () => T): T;
}
interface NodeFsStream {
  /** The host descriptor; NODEFS opens one for regular files only. */
  nfd?: number;
  node: unknown;
}

function syncHost(nodefs: NodeFsModule, stream: NodeFsStream): number {
  nodefs.tryFSOperation(() => {
    // fdatasync, as PostgreSQL itself flushes its WAL on Linux: the data and the file's size, not its timestamps
    // (an fsync() of a file whose mtime changed also commits the file system's journal, every time).
    if (stream.nfd !== undefined) return fs.fdatasyncSync(stream.nfd);
    // A directory (PostgreSQL syncs one after creating or renaming a file in it).
    const fd = fs.openSync(nodefs.realPath(stream.node), 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  });
  return 0;
}

/** NodeFS whose fsync() reaches the disk. */
class SyncingNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>) {
    const { emscriptenOpts } = await super.init(...args);
    const patch = (mod: { NODEFS: unknown }) => {
      const nodefs = mod.NODEFS as NodeFsModule;
      nodefs.stream_ops.fsync = (stream) => syncHost(nodefs, stream);
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), patch] } };
  }
}

/**
 * The PGlite options for a database folder: durable (each acknowledged commit is
 * on disk before the statement returns, as with PostgreSQL's defaults) or
 * PGlite's own default (fsync off: safe from a killed process, not from an OS
 * crash or power loss).
 */
export function pgliteStorageOptions(dir: string, durable: boolean): Pick<PGliteOptions, 'dataDir' | 'fs' | 'startParams'> {
  if (!durable) return { dataDir: dir };
  return {
    fs: new SyncingNodeFS(dir),
    startParams: [...PGlite.defaultStartParams.filter((param) => param !== '-F'), '-c', 'fsync=on', '-c', 'wal_sync_method=fsync'],
  };
}

/**
 * The start-up warning for production on the embedded database (README 'PostgreSQL'):
 * it is fine for one small instance, but it is one process on one disk.
 */
export function embeddedDatabaseWarning(config: { NODE_ENV: string; DATABASE_URL?: string; PGLITE_FSYNC: boolean }): string | undefined {
  if (config.NODE_ENV !== 'production' || config.DATABASE_URL) return undefined;
  const durability = config.PGLITE_FSYNC
    ? 'each acknowledged write is synced to this disk, but there is no replica and no backup unless you copy DATA_DIR yourself'
    : 'PGLITE_FSYNC=false: an OS crash or power loss can lose acknowledged writes or corrupt the database';
  return `DATABASE_URL is not set: running on the embedded database in DATA_DIR (one process, one disk; ${durability}). Set DATABASE_URL to a PostgreSQL server for production (docs/decisions/015-embedded-durability.md).`;
}
