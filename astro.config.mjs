// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import node from '@astrojs/node';
import vercel from '@astrojs/vercel';
import tailwindcss from '@tailwindcss/vite';

// DEPLOY_TARGET picks the adapter at build time: the Node server (self-hosting, default) or Vercel.
const target = process.env.DEPLOY_TARGET === 'vercel' ? 'vercel' : 'node';

// SITE_URL is the public origin. Behind Vercel's proxy the request URL is only trusted
// as that origin when its host is allowed here; without it Astro would see https://localhost.
const site = process.env.SITE_URL || undefined;
const siteHost = site ? new URL(site) : undefined;

export default defineConfig({
  site,
  output: 'server',
  // Separate build folders, so a Vercel build never replaces the Node server that `npm start` runs.
  outDir: target === 'vercel' ? './dist-vercel' : './dist',
  adapter: target === 'vercel' ? vercel() : node({ mode: 'standalone' }),
  integrations: [react()],
  vite: {
    plugins: [tailwindcss()],
    build: {
      rollupOptions: {
        output: {
          // Vite's small dynamic-import helper would be its own file, fetched only after the accessibility
          // script that every page loads asks for it: a second round trip before the page settles. Kept in
          // that script's chunk instead (other chunks import it from there; that script is on every page).
          manualChunks(id) {
            if (id.includes('vite/preload-helper') || id.includes('AccessibilityChrome.astro?astro&type=script')) return 'chrome';
          },
        },
      },
    },
  },
  server: { port: Number(process.env.PORT) || 4321, host: true },
  security: {
    // Our middleware checks Origin for every non-GET request, JSON included.
    checkOrigin: false,
    allowedDomains: siteHost
      ? [{ protocol: siteHost.protocol.replace(':', ''), hostname: siteHost.hostname }]
      : [],
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
      ],
    },
  },
  build: { inlineStylesheets: 'always' },
  // Shiki's inline styles are incompatible with the CSP; we render no code blocks.
  markdown: { syntaxHighlight: false },
  devToolbar: { enabled: false },
});
