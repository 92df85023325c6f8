/*
 * How the built server is started: the one list the Dockerfile (ENV, CMD), package.json's `start` and `preview`,
 * the test harness and the bench use (scripts/container-files.test.ts holds them together). Why each, briefly
 * (the figures are in docs/performance.md):
 * --liftoff-only: the embedded database's WebAssembly is compiled by V8's baseline compiler only, which keeps the
 *   peak memory of opening it a fraction of what the optimizing compiler takes. V8 reads it at start-up only.
 * --max-semi-space-size=16: caps V8's young generation, which renders otherwise grow many times larger; smaller semi-spaces
 *   cost cached answers noticeably more CPU.
 * --heap-growing-percent=20: after a full collection the old generation may grow to 1.2× what survived before the
 *   next one, instead of up to 4×. A growth factor, not a limit.
 * MALLOC_ARENA_MAX=2: glibc gives each thread that allocates an arena of its own and keeps what it freed there;
 *   libuv's threads (compression, file reads) each kept megabytes. Read by glibc at process start only.
 * MALLOC_MMAP_THRESHOLD_=131072: blocks of 128 KB and more get pages of their own, returned when freed, instead of
 *   a threshold glibc raises as it goes (and the free memory it then keeps at the top of its heap).
 * Other platforms and allocators ignore the two MALLOC_ variables.
 */
export const SERVER_NODE_FLAGS = ['--liftoff-only', '--max-semi-space-size=16', '--heap-growing-percent=20'];

export const SERVER_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };

/** The built server (Astro's build of server/entry.ts). */
export const SERVER_ENTRY = 'dist/server/entry.mjs';
