// Imported first by scripts/start.ts. glibc's allocator reads its settings once, when the process starts: when
// one of these is not set, the process replaces itself (execve: same pid, same arguments and flags) with it set.
// MALLOC_ARENA_MAX=2: glibc gives threads that allocate arenas of their own (up to eight per core) and keeps what
// they freed in them. libuv's threads compress the visitor cache's answers (brotli, gzip) and read files; each kept
// a few MB to 20 MB of arena (README, Performance). Two arenas serve a two-core server's threads well enough.
// MALLOC_MMAP_THRESHOLD_=131072: blocks of 128 KB and more (a large page's or JSON list's body, the buffers a
// render of one passes through) get pages of their own, given back when freed. Left to itself glibc raises that
// threshold to the largest block freed so far (up to 32 MB) and then keeps up to twice as much free memory at
// the top of its heap: under the server bench's mixed load on PostgreSQL, the native part of the peak was
// 10-14 MB smaller with the threshold fixed (2026-11-25). The server's cached answers allocate no such block.
// Set either yourself to choose another value; other platforms and allocators ignore them.
const SETTINGS = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };
const missing = Object.entries(SETTINGS).filter(([name]) => process.env[name] === undefined);
if (process.platform === 'linux' && missing.length > 0 && typeof process.execve === 'function') {
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], { ...process.env, ...Object.fromEntries(missing) });
}
