// ESLint 9 flat config. ESLint 10 is not used: eslint-plugin-jsx-a11y's peer range stops at 9, and
// eslint-plugin-astro 2+ requires 10 (so astro stays on 1.x).
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/*
 * The layer table of docs/ARCHITECTURE.md ("Where code lives"), as import restrictions per file group.
 * ESLint applies the last matching block's options for a rule, so each group states its whole list.
 */
const API_FROM_UI = {
  regex: '^#api/|^(\\.\\./)+api/',
  allowTypeImports: true,
  message:
    'UI code running in the browser never imports api/ (type-only imports are fine). Server data reaches it from a page\'s frontmatter, an endpoint or the middleware; shared constants and shapes live in domain/.',
};
const SRC_FROM_API = {
  regex: '^#src/|^(\\.\\./)+src/',
  message: 'api/ (the server) never imports UI code from src/: move what both need to domain/.',
};
const SERVER_FROM_API = {
  regex: '^(\\.\\./)+server/',
  message: 'api/ never imports the production entry in server/: the entry imports api/.',
};
const ANY_BUT_ZOD = {
  regex: '^(?!zod$|zod/|#domain/|\\./)',
  message: 'domain/ holds plain constants and zod shapes: it imports zod and other domain/ files only.',
};
const ANYTHING = {
  regex: '.',
  message: 'domain/vocabulary.ts is plain constants: it imports nothing (the inline head script and visitor pages load it).',
};

const restrict = (...patterns) => ['error', { patterns }];

/*
 * The direction inside api/ (docs/ARCHITECTURE.md, "Inside api/"): each layer, bottom first, may import the layers
 * below it and never one above, type-only imports included. Folders or files listed in the same layer sit beside
 * each other. `except` names the few modules a lower layer may still import from a higher one: each imports
 * nothing above the importer, and ARCHITECTURE.md says why it stays where it is.
 */
const API_LAYERS = [
  { name: 'the base', paths: ['api/log.ts', 'api/config.ts', 'api/config-help.ts', 'api/inflate.ts'] },
  { name: 'db', paths: ['api/db'] },
  { name: 'jobs', paths: ['api/jobs.ts'] },
  {
    name: 'the change notices',
    paths: ['api/cache/invalidation.ts', 'api/cache/invalidation-event.ts', 'api/cache/notify.ts', 'api/cache/vercel-isr.ts', 'api/cache/vercel-revalidation.ts'],
  },
  { name: 'services', paths: ['api/services'] },
  { name: 'what is made of services', paths: ['api/seed', 'api/share-card', 'api/feeds', 'api/demo-check', 'api/apple-health'] },
  { name: 'auth', paths: ['api/auth'] },
  { name: 'http, cache and export', paths: ['api/http', 'api/cache', 'api/export', 'api/startup.ts'] },
];
/** The change notices live in api/cache/ but sit low: services, export and the demo checker announce changes through them. */
const CHANGE_NOTICES = ['invalidation.ts', 'invalidation-event.ts', 'notify.ts', 'vercel-isr.ts', 'vercel-revalidation.ts'];
/** Imports against the direction that stay, by the importing layer and the imported folder (relative to it). */
const API_LAYER_EXCEPTIONS = {
  'the base': { 'api/http': ['request-origin.ts'] },
  auth: { 'api/http': ['body.ts', 'errors.ts', 'request-origin.ts', 'cache-headers.ts'] },
  services: { 'api/auth': ['tokens.ts', 'types.ts'] },
  'what is made of services': { 'api/export': ['tables.ts'] },
};
const apiLayerZones = API_LAYERS.flatMap((layer, index) =>
  API_LAYERS.slice(index + 1).flatMap((above) =>
    above.paths
      .filter((from) => !layer.paths.includes(from))
      .map((from) => ({
        target: layer.paths,
        from,
        except: [...(from === 'api/cache' ? CHANGE_NOTICES : []), ...(API_LAYER_EXCEPTIONS[layer.name]?.[from] ?? [])],
        message: `${layer.name} sits below ${above.name} inside api/ (docs/ARCHITECTURE.md): move what both need down, or pass it in.`,
      })),
  ),
);

/*
 * Browser code under src/ that still imports api/ values because the shapes and vocabulary have not moved to
 * domain/ yet (issue 16A: domain/shapes.ts; issue 12: domain/vocabulary.ts). A warning, not an error, so the
 * list stays visible; whoever moves a file's import removes it from here.
 */
const PENDING_DOMAIN_MOVE = [
  'src/islands/admin/BulkImport.tsx',
  'src/islands/admin/kpi-config.tsx',
  'src/islands/admin/project-config.tsx',
  'src/islands/admin/timeline-config.tsx',
  'src/islands/projects/GalleryImageActions.tsx',
  'src/islands/projects/LiveDemoUrlField.tsx',
];

export default defineConfig(
  {
    ignores: [
      'dist/',
      'dist-vercel/',
      '.vercel/',
      '.astro/',
      '.data/',
      '.test-data/',
      'coverage/',
      'bench-results/',
      'node_modules/',
      'drizzle/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs['flat/recommended'],
  ...astro.configs['flat/jsx-a11y-recommended'],
  {
    // The plugin is registered by eslint-plugin-astro's config above (for .astro files); React islands get the same rules.
    files: ['**/*.{tsx,jsx}'],
    rules: jsxA11y.flatConfigs.recommended.rules,
  },
  {
    files: ['src/**/*.{tsx,ts}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_name` marks a parameter kept for its position (handlers, callbacks).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // Type-only imports are erased by Node's type stripping and by the bundler: nothing of api/ reaches a browser
      // chunk through them. `import('…')` types stay allowed (ambient declarations such as src/env.d.ts need them).
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      // An unavailable localStorage (private mode, blocked storage) is expected, not an error to report.
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['**/*.astro'],
    languageOptions: { globals: { __CHROME_SCRIPT__: 'readonly' } }, // Vite `define` (astro.config.mjs)
    rules: {
      // Safari/VoiceOver drops the list role of a <ul> styled with `list-style: none`, so it is said again on purpose.
      'astro/jsx-a11y/no-redundant-roles': ['error', { ul: ['list'] }],
    },
  },
  {
    files: ['tests/**/*.ts'],
    rules: {
      // Tests read JSON answers loosely and assert on their fields.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },

  {
    // The server logs through api/log.ts (levels, JSON lines, request ids); the owner link through printOwnerLine.
    files: ['api/**/*.ts', 'src/middleware/**/*.ts', 'src/pages/**/*.{ts,astro}', 'server/**/*.ts'],
    ignores: ['**/*.test.ts', 'src/**/*.astro/*'],
    rules: { 'no-console': 'error' },
  },

  {
    // The direction inside api/ (API_LAYERS above); type-only imports count. Import cycles, type-only imports
    // included, are dependency-cruiser's (.dependency-cruiser.mjs, run by `npm run lint`): import-x/no-cycle skips them.
    files: ['api/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: apiLayerZones }] },
  },

  {
    // Request bodies are read through api/http/body.ts alone, each with its route's limit (ADR 022).
    files: ['api/**/*.ts', 'src/middleware/**/*.ts', 'src/pages/**/*.{ts,astro}', 'server/**/*.ts'],
    ignores: ['**/*.test.ts', 'src/**/*.astro/*', 'api/http/body.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name=/^(formData|json|text|arrayBuffer|blob|bytes)$/]:matches([callee.object.name='request'], [callee.object.property.name='request'])",
          message: 'Read a request body through api/http/body.ts (readJson, readForm, streamToFile) with the route\'s limit: it refuses with 413 before holding the body.',
        },
      ],
    },
  },

  // ---- The layer table ----
  {
    files: ['domain/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': restrict(ANY_BUT_ZOD) },
  },
  {
    files: ['domain/vocabulary.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': restrict(ANYTHING) },
  },
  {
    files: ['api/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': restrict(SRC_FROM_API, SERVER_FROM_API) },
  },
  {
    // The production entry: the process around api/, never UI code (Astro bundles that in on its own).
    files: ['server/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': restrict({ ...SRC_FROM_API, message: 'server/ (the production entry) imports api/ and domain/ only.' }) },
  },
  {
    // Everything under src/ runs (or may run) in the browser: islands, lib, stores, browser scripts,
    // and the <script> blocks of .astro files (linted as virtual files `Name.astro/N_N.ts`).
    files: ['src/**/*.{ts,tsx,js}', 'src/**/*.astro/*.{ts,js}'],
    rules: { '@typescript-eslint/no-restricted-imports': restrict(API_FROM_UI) },
  },
  {
    // Server-only parts of src/: Astro frontmatter (pages, layouts and components render on the server),
    // endpoints, the middleware, and helpers imported only by pages' frontmatter.
    files: [
      'src/**/*.astro',
      'src/pages/**/*.ts',
      'src/middleware/**/*.ts',
      'src/components/admin/admin-only.ts',
    ],
    ignores: ['src/**/*.astro/*'],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
  {
    files: PENDING_DOMAIN_MOVE,
    rules: { '@typescript-eslint/no-restricted-imports': ['warn', { patterns: [API_FROM_UI] }] },
  },
  {
    // Unit tests compare layers with each other (e.g. a UI list against the server's schema).
    files: ['**/*.test.ts', 'tests/**'],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
);
