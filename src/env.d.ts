/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The signed-in user, or null for a visitor. Set by the middleware. */
    user: import('#api/auth/types.ts').SessionUser | null;
    /** Set by a page that left something out because a read failed: such a render is not kept (api/cache/dashboard-page-cache.ts). */
    incompleteRender: boolean;
  }
}

/** Where the accessibility chrome's script is served (astro.config.mjs emits it; load-chrome.js imports it). */
declare const __CHROME_SCRIPT__: string;

/** A hand-written inline script, minified at build time (build/inline-scripts.mjs). */
declare module '*?minified' {
  const code: string;
  export default code;
}

/** A stylesheet's text after Tailwind (src/styles/sheets.ts). */
declare module '*.css?inline' {
  const css: string;
  export default css;
}
