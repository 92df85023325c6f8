/*
 * Node's flags for the server: those of `npm start` and `npm run preview` (package.json) and the Dockerfile's
 * CMD (scripts/container-files.test.ts holds them together). The bench and the test servers start
 * scripts/start.ts with them too, so they measure and test the server people run.
 * --liftoff-only: the embedded database's WebAssembly is compiled by V8's baseline compiler only, which keeps
 * the peak memory of opening it near 160 MB instead of 700 MB (README, Performance). V8 reads it at start-up
 * only: it cannot be set from inside the process.
 * --max-semi-space-size=16: V8 grew its young generation to 128 MB under the bench's mixed load (renders
 * allocate fast), the largest single part of the server's peak; 16 MB semi-spaces hold it to about 48 MB.
 */
export const SERVER_NODE_FLAGS = ['--liftoff-only', '--max-semi-space-size=16'];
