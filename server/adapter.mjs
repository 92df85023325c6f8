// @ts-check
import node from '@astrojs/node';

/**
 * @astrojs/node with our own server entry (server/entry.ts, ADR 016): the stock entry exports only a request
 * handler and starts its own server, while ours opens the database, puts the visitor cache in front and gives
 * that cache `render(request)`. Everything else (sessions, image endpoint, its Vite settings) is the adapter's.
 * @returns {import('astro').AstroIntegration}
 */
export function nodeServer() {
  const integration = node({ mode: 'standalone' });
  const configDone = integration.hooks['astro:config:done'];
  return {
    ...integration,
    hooks: {
      ...integration.hooks,
      'astro:config:done': (options) =>
        configDone?.({
          ...options,
          setAdapter: (adapter) =>
            options.setAdapter({ ...adapter, serverEntrypoint: new URL('./entry.ts', import.meta.url), previewEntrypoint: undefined }),
        }),
    },
  };
}
