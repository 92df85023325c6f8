// Imported first by scripts/start.ts. glibc's allocator reads MALLOC_ARENA_MAX once, when the process starts:
// when it is not set, the process replaces itself (execve: same pid, same arguments and flags) with it set.
// Why: glibc gives threads that allocate arenas of their own (up to eight per core) and keeps what they freed
// in them. libuv's threads compress the visitor cache's answers (brotli, gzip) and read files; each kept a
// few MB to 20 MB of arena (README, Performance). Two arenas serve a two-core server's threads well enough.
// Set MALLOC_ARENA_MAX yourself to choose another value; other platforms and allocators ignore it.
if (process.platform === 'linux' && process.env.MALLOC_ARENA_MAX === undefined && typeof process.execve === 'function') {
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], { ...process.env, MALLOC_ARENA_MAX: '2' });
}
