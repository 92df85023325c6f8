/*
 * Test-only (POST /api/test/import-stop, ALLOW_TEST_SWITCHES): the next import or undo of this process stops
 * after some committed chunks, so a test sees it partway without racing a small file. `fail` ends it with an
 * error; `hang` waits for ever (a process the test then kills); `hold` waits until the test releases it (to look
 * at it mid-way, then let it finish). Each stop is used once; a reset forgets them and fails a held one.
 */

export type Stage = 'import' | 'undo';
export interface TestStop {
  afterChunks: number;
  how: 'fail' | 'hang' | 'hold';
}

const stops = new Map<Stage, TestStop>();
const held = new Set<{ release: () => void; fail: (error: Error) => void }>();

export function setTestStop(stage: Stage, stop: TestStop | null): void {
  if (stop) stops.set(stage, stop);
  else stops.delete(stage);
}

/** Lets a held import or undo go on (`fail`: with an error, as a reset does). */
export function releaseTestHolds(fail = false): void {
  for (const hold of held) {
    if (fail) hold.fail(new Error('Stopped by the test switch.'));
    else hold.release();
  }
  held.clear();
}

/** Forgets every stop and fails what is held (a test's reset). */
export function forgetTestStops(): void {
  stops.clear();
  releaseTestHolds(true);
}

/** The stop for the next `stage` (taken: used once), as the hook heard after each committed chunk. */
export function takeTestStop(stage: Stage): (chunks: number) => Promise<void> {
  let stop = stops.get(stage);
  stops.delete(stage);
  return async (chunks) => {
    if (!stop || chunks < stop.afterChunks) return;
    const { how } = stop;
    // Once: a held one goes on to its end when released.
    stop = undefined;
    if (how === 'hang') await new Promise(() => {});
    if (how === 'hold') {
      await new Promise<void>((resolve, reject) => held.add({ release: resolve, fail: reject }));
      return;
    }
    throw new Error('Stopped by the test switch.');
  };
}
