/*
 * Import cycles with type-only imports counted: eslint's import-x/no-cycle skips `import type` and has no option
 * to follow it, so `npm run lint` runs dependency-cruiser for this one rule (docs/ARCHITECTURE.md).
 */
export default {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'A module imports itself back through others (type-only imports count): move what both need into a third module.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // Type-only imports are dependencies too.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'node', 'default'], mainFields: ['module', 'main'] },
  },
};
