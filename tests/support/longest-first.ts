import { BaseSequencer, type TestSpecification } from 'vitest/node';

/*
 * The order files start in. Vitest runs the files that took longest last time first; on a clean clone it
 * knows no times and runs the largest files first, which put the matrices (five-line files that scan every
 * route for minutes) at the very end, each alone on one worker while the other sat idle. These start first.
 * `--sequence.shuffle` still shuffles (by its seed), to prove that order does not matter.
 */
const LONG_FILES = [
  /axe-matrix-for-the-admin/,
  /axe-matrix-for-visitors/,
  /pages-reflow-at-every-text-size/,
  /axe-matrix-for-viewers/,
  /accessibility-reflow-and-text-spacing/,
  /newcomer-clones/,
  /pages-are-accessible/,
];

/** Where a file stands among the long ones (longest first), or -1. */
const rank = (file: TestSpecification) => LONG_FILES.findIndex((pattern) => pattern.test(file.moduleId));

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { shuffle, seed } = this.ctx.config.sequence;
    if (shuffle) return shuffled(files, seed);
    const sorted = await super.sort(files);
    if (sorted.every((file) => this.ctx.cache.getTestSpecificationResult(file))) return sorted;
    const long = sorted.filter((file) => rank(file) >= 0).sort((a, b) => rank(a) - rank(b));
    return [...long, ...sorted.filter((file) => rank(file) < 0)];
  }
}

/** Fisher–Yates with a seeded generator (mulberry32): the same seed gives the same order. */
function shuffled(files: TestSpecification[], seed: number): TestSpecification[] {
  const list = [...files].sort((a, b) => (a.moduleId < b.moduleId ? -1 : a.moduleId > b.moduleId ? 1 : 0));
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let index = list.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [list[index], list[other]] = [list[other]!, list[index]!];
  }
  return list;
}
