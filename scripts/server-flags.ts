/*
 * Node's flags for the server: those of `npm start` and `npm run preview` (package.json) and the Dockerfile's
 * CMD (scripts/container-files.test.ts holds them together). The bench and the test servers start
 * scripts/start.ts with them too, so they measure and test the server people run.
 * --liftoff-only: the embedded database's WebAssembly is compiled by V8's baseline compiler only, which keeps
 * the peak memory of opening it near 160 MB instead of 700 MB (README, Performance). V8 reads it at start-up
 * only: it cannot be set from inside the process.
 * --max-semi-space-size=16: V8 grew its young generation to 128 MB under the bench's mixed load (renders
 * allocate fast), the largest single part of the server's peak; 16 MB semi-spaces hold it to about 48 MB.
 * (8 MB semi-spaces took 5-10 µs more CPU per cached answer, 20-40 %, on the same machine in the same minutes.)
 * --heap-growing-percent=20: after each full collection V8 lets the old generation (and the array buffers
 * beside it: the visitor cache's bodies) grow to 1.2 times what survived before it collects again, instead of
 * up to 4 times. Under the bench's mixed load the old space reached 80-130 MB for 45-55 MB alive; at 1.5 times
 * (50) 50-58 MB at the peak, at 1.2 times 41-45 MB (2026-11-25, 2,800 writes on PostgreSQL). Full collections
 * come more often while pages render; a cached answer allocates too little to bring one on. It is a growth
 * factor, not a limit: the heap can still grow as far as the work needs.
 * --import=./scripts/typescript-ahead.mjs: our TypeScript is stripped of its types ahead of time, in a child process,
 * so the server never loads Node's own stripper (amaro, about 17 MB resident for the process's life).
 */
export const SERVER_NODE_FLAGS = ['--liftoff-only', '--max-semi-space-size=16', '--heap-growing-percent=20', '--import=./scripts/typescript-ahead.mjs'];
