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
 * Durable mode therefore drops `-F`, makes fsync() a real host fsync (files and
 * the directories PostgreSQL syncs after creating or renaming files), and
 * flushes the WAL with fsync() at each commit (`wal_sync_method=fsync`), since
 * fdatasync() stays a no-op in the WebAssembly runtime.
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
    if (stream.nfd !== undefined) return fs.fsyncSync(stream.nfd);
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
