// PGlite with fsync: as durable as embedded PGlite on Node can be made.
//
// What PGlite 0.5 does on its own (read in node_modules/@electric-sql/pglite/dist):
// - It starts PostgreSQL with `-F` (`PGlite.defaultStartParams`), i.e. `fsync = off`.
// - Its Node filesystem is Emscripten's NODEFS: every write is a `fs.writeSync` on the real file,
//   so a commit's WAL is in the kernel when the COMMIT answers (synchronous_commit stays on) and
//   survives the death of the process (SIGKILL, OOM kill, a crash). But NODEFS has no `fsync`
//   stream operation, so `fsync()` inside PostgreSQL is a no-op, and `fdatasync()` always is
//   (`__syscall_fdatasync` returns 0): nothing ever reaches the disk before the kernel writes it
//   back by itself, and a power cut or kernel crash can lose the last seconds of commits, or leave
//   data files torn.
// - `relaxedDurability` only matters for the browser's IndexedDB filesystem (whether a query waits
//   for the copy to IndexedDB); with NODEFS there is no copy and it changes nothing.
//
// Here PostgreSQL runs with fsync on and `wal_sync_method = fsync` (the one method that reaches
// Emscripten's `fd_sync`), and NODEFS gets the missing `fsync` operation, which calls the real
// `fs.fsyncSync` on the file (or its directory). A commit then returns only after its WAL is on
// disk, and checkpoints sync the data files they wrote, as PostgreSQL's own durability expects.
// initdb (a new directory's first start) runs with PGlite's own parameters, so `openDatabase`
// syncs the whole new directory once afterwards (syncTree). What still differs from PostgreSQL: PGlite is one process with one connection, has no archive
// or replica, and this fsync path is ours, not PGlite's (tested by the API kill test and
// pglite-durable.test.ts, not by PGlite's authors). docs/adr/0090-pglite-durability-and-the-kill-test.md
// says which to choose.
import { closeSync, existsSync, fsyncSync, openSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/** The parts of Emscripten's module and NODEFS that the fsync operation needs. */
interface EmscriptenNodeFs {
  realPath(node: unknown): string;
  stream_ops: { fsync?: (stream: { nfd?: number; node: unknown }) => number };
}
interface EmscriptenModule {
  FS: { filesystems: { NODEFS: EmscriptenNodeFs } };
}

type EmscriptenOptions = Parameters<NodeFS['init']>[1];
type PreRunModule = Parameters<NonNullable<EmscriptenOptions['preRun']>[number]>[0];

/** How many fsyncs reached the disk in this process (tests read it). */
export const fsyncCount = { value: 0 };

/** Gives Emscripten's NODEFS the fsync it lacks: the file's own descriptor, or the directory opened for it. */
function addFsync(module: EmscriptenModule) {
  const nodefs = module.FS.filesystems.NODEFS;
  nodefs.stream_ops.fsync = (stream) => {
    if (typeof stream.nfd === 'number') {
      fsyncSync(stream.nfd);
    } else {
      // A directory (PostgreSQL syncs pg_wal and the like after creating or renaming a file in it).
      const fd = openSync(nodefs.realPath(stream.node), 'r');
      try {
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
    }
    fsyncCount.value += 1;
    return 0;
  };
}

/** NODEFS, mounted as PGlite mounts it, plus a real fsync. */
export class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: EmscriptenOptions) {
    const { emscriptenOpts } = await super.init(pg, opts);
    const preRun = [...(emscriptenOpts.preRun ?? []), (module: PreRunModule) => addFsync(module)];
    return { emscriptenOpts: { ...emscriptenOpts, preRun } };
  }
}

/** PGlite's own start parameters without `-F` (fsync off), with the WAL synced by fsync(). */
export function durableStartParams(): string[] {
  return [
    ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
    '-c',
    'fsync=on',
    '-c',
    'wal_sync_method=fsync',
  ];
}

/** The PGlite options (MikroORM's `driverOptions`) for a durable data directory. */
export function durablePgliteOptions(dataDir: string) {
  return { fs: new DurableNodeFS(dataDir), startParams: durableStartParams() };
}

/** Whether `dataDir` holds no database yet (PGlite will run initdb there, with fsync off). */
export function isNewDataDir(dataDir: string): boolean {
  return !existsSync(join(dataDir, 'PG_VERSION'));
}

function fsyncPath(path: string) {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  fsyncCount.value += 1;
}

/**
 * Syncs every file and directory under `dir` to disk. initdb runs inside PGlite with its own
 * parameters (fsync off) and writes about 1,000 files that no later checkpoint syncs, so a new
 * data directory is synced once, right after it was made (about 3 s here).
 */
export function syncTree(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      syncTree(path);
    } else if (entry.isFile()) {
      fsyncPath(path);
    }
  }
  fsyncPath(dir);
}
