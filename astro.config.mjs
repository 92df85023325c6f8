// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import vercel from '@astrojs/vercel';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { minifiedInlineScripts } from './build/inline-scripts.mjs';
import { BUILD_INPUTS, sourceHash } from './build/source-hash.mjs';
import { NOT_ISR_ROUTES } from './api/cache/vercel-isr.ts';
import { FONT_FILES } from './api/share-card/fonts.ts';
import { nodeServer } from './server/adapter.mjs';

// DEPLOY_TARGET picks the adapter at build time: the Node server (self-hosting, default) or Vercel.
const target = process.env.DEPLOY_TARGET === 'vercel' ? 'vercel' : 'node';

// SITE_URL is the public origin. Behind Vercel's proxy the request URL is only trusted
// as that origin when its host is allowed (security.allowedDomains); without it Astro would see https://localhost.
const site = process.env.SITE_URL || undefined;
const siteHost = site ? new URL(site) : undefined;

/*
 * On Vercel the session-independent visitor reads are ISR functions (api/cache/vercel-isr.ts lists them),
 * kept until a write revalidates them with this token; every other route renders per request. Without
 * the token there is no ISR: nothing could refresh a copy after a write.
 */
const revalidateToken = process.env.VERCEL_REVALIDATE_TOKEN || undefined;
if (target === 'vercel' && revalidateToken && revalidateToken.length < 32)
  throw new Error('VERCEL_REVALIDATE_TOKEN must be at least 32 characters (e.g. `openssl rand -hex 32`).');
const isr = revalidateToken ? { bypassToken: revalidateToken, expiration: /** @type {false} */ (false), exclude: [NOT_ISR_ROUTES] } : false;

/*
 * The accessibility chrome's script is no page script: components/accessibility/load-chrome.js imports it
 * once the page has painted, so on a phone it never shares the first round trips with the page's content
 * and largest image. It is emitted under a name the server knows while rendering: the sources' hash in the
 * name keeps browsers from a copy an older build left in their cache (/_astro/ is cached for a year), and
 * gives two builds of one commit the same name (replicas built apart serve the same pages).
 */
const buildId = sourceHash(fileURLToPath(new URL('.', import.meta.url)), BUILD_INPUTS);
const chromeScript = {
  source: fileURLToPath(new URL('./src/components/accessibility/chrome.ts', import.meta.url)),
  fileName: `_astro/chrome.${buildId}.js`,
};
/** @returns {import('vite').Plugin} */
function emitChromeScript() {
  return {
    name: 'emit-chrome-script',
    apply: 'build',
    buildStart() {
      if (this.environment?.name === 'client') this.emitFile({ type: 'chunk', id: chromeScript.source, fileName: chromeScript.fileName });
    },
  };
}

export default defineConfig({
  site,
  output: 'server',
  // Separate build folders, so a Vercel build never replaces the Node server that `npm start` runs.
  outDir: target === 'vercel' ? './dist-vercel' : './dist',
  // The share cards' fonts are read at run time (api/share-card/fonts.ts), by a path no bundler can follow.
  adapter: target === 'vercel' ? vercel({ isr, includeFiles: FONT_FILES.map((file) => `node_modules/${file}`) }) : nodeServer(),
  integrations: [react()],
  vite: {
    plugins: [tailwindcss(), emitChromeScript(), minifiedInlineScripts()],
    // drizzle-orm's ES build, loaded from node_modules, costs Node a parse of its large package.json for each
    // of its few hundred modules: the build bundles the parts the server uses instead (ADR 016).
    ssr: process.argv.includes('dev') ? undefined : { noExternal: ['drizzle-orm'] },
    define: {
      // In development Vite serves the source itself.
      __CHROME_SCRIPT__: JSON.stringify(process.argv.includes('dev') ? '/src/components/accessibility/chrome.ts' : `/${chromeScript.fileName}`),
    },
  },
  server: { port: Number(process.env.PORT) || 4321, host: true },
  security: {
    // Our middleware checks Origin for every non-GET request, JSON included.
    checkOrigin: false,
    // Only the Vercel build needs this (there it makes the request URL the public origin). On the Node
    // server it would only make Astro take the client's address from the first, client-written
    // X-Forwarded-For value; api/http/request-origin.ts decides that instead, by TRUSTED_PROXIES.
    allowedDomains:
      siteHost && target === 'vercel' ? [{ protocol: siteHost.protocol.replace(':', ''), hostname: siteHost.hostname }] : [],
    csp: {
      // Style attributes (a progress width, a card's own colour) are data, not code: allow them
      // through style-src-attr alone. <style> elements still need their registered hash.
      styleDirective: { resources: [{ resource: "'unsafe-inline'", kind: 'attribute' }] },
      directives: [
        "default-src 'self'",
        "img-src 'self' data: blob: https:",
        "font-src 'self'",
        "connect-src 'self'",
        "frame-src https:",
        "frame-ancestors 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "object-src 'none'",
        // Blocked inline code is reported (api/http/csp-report-routes.ts): report-to through the
        // Reporting-Endpoints header (api/http/site-headers.ts), report-uri for browsers without it.
        'report-uri /api/csp-report',
        'report-to csp',
      ],
    },
  },
  build: { inlineStylesheets: 'always' },
  // Shiki's inline styles are incompatible with the CSP; we render no code blocks.
  markdown: { syntaxHighlight: false },
  devToolbar: { enabled: false },
});
