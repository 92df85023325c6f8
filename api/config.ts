import { z } from 'zod';
import { parseTrustedProxies } from './http/request-origin.ts';

/**
 * Every environment variable the server reads, parsed once at start-up.
 * The schema is the documentation: docs/configuration.md's table mirrors these comments.
 */
const csv = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim().toLowerCase())
      .filter(Boolean),
  );

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .default('')
  .transform((value) => value === 'true' || value === '1');

export const configSchema = z
  .object({
    /** `npm start` always runs with `production` (scripts/production-mode.ts); `test` allows the test-only switches. */
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    /**
     * Allows the test-only switches below on a production build, so the tests exercise what `npm start` runs.
     * Never honoured in a Vercel build.
     */
    ALLOW_TEST_SWITCHES: flag,
    /** Set by Vercel in its builds and functions; test-only switches are refused there whatever else is set. */
    VERCEL: flag,
    /** Least severe log entries written: fatal, error, warn, info, debug, trace or silent. */
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** `json` (one object per line) or `pretty` (readable lines); default: pretty when NODE_ENV=development, else json. */
    LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
    /** HTTP port of the Node server. */
    PORT: z.coerce.number().int().min(1).max(65535).default(4321),
    /** Interface the Node server listens on; default every interface (0.0.0.0). `127.0.0.1` keeps it to this machine. */
    HOST: z.string().min(1).optional(),
    /**
     * Seconds the server keeps answering after SIGTERM, with /readyz saying 503, before it stops accepting
     * connections: time for a load balancer to notice and send new requests elsewhere. 0 (default): stop at once.
     */
    DRAIN_SECONDS: z.coerce.number().int().min(0).max(300).default(0),
    /**
     * Who may tell the server the client's address through X-Forwarded-For (and, without SITE_URL, the scheme and
     * host through X-Forwarded-Proto and -Host): a number of proxy hops in front of it, or a comma-separated list of
     * proxy addresses / CIDR ranges. Default none: the address the connection comes from is the client, and
     * forwarded headers are ignored.
     */
    TRUSTED_PROXIES: z
      .string()
      .default('')
      .transform((value, ctx) => {
        try {
          return parseTrustedProxies(value);
        } catch (error) {
          ctx.addIssue({ code: 'custom', message: (error as Error).message });
          return z.NEVER;
        }
      }),
    /**
     * Public origin, e.g. https://me.example: authoritative for every request's scheme and host (an https one means
     * Secure cookies and HSTS behind a TLS proxy; another Host is refused with 421). Also OAuth callbacks and links.
     */
    SITE_URL: z.url().optional(),
    /** PostgreSQL connection string; without it the embedded PGlite database is used. */
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    /**
     * A direct (not transaction-pooled) PostgreSQL connection string for LISTEN/NOTIFY, which spreads
     * cache invalidations between server processes. Default: DATABASE_URL.
     */
    DATABASE_DIRECT_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    /** Folder of the embedded PGlite database (used only without DATABASE_URL). */
    DATA_DIR: z.string().min(1).default('./.data'),
    /** Seed demo content into an empty PostgreSQL database too (the embedded one is always seeded when empty). */
    SEED_DEMO: flag,
    /**
     * Vercel only, at build and run time: the secret (32 characters or more, e.g. `openssl rand -hex 32`) that
     * turns on ISR for the session-independent visitor URLs and lets a write ask Vercel to render them again
     * (`x-prerender-revalidate`). Unset: every URL is rendered per request.
     */
    VERCEL_REVALIDATE_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
    /**
     * Hosts without a long-lived process (Vercel): the secret (16 characters or more) a scheduler sends as
     * `Authorization: Bearer …` to GET /api/jobs/run, which runs every periodic job once. Unset: no such endpoint.
     */
    CRON_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    /** Bytes the visitor page cache of one server process may hold (least recently used pages leave first). */
    PAGE_CACHE_BYTES: z.coerce.number().int().min(0).default(64 * 1024 * 1024),
    /** Comma-separated verified emails that are admins. */
    ADMIN_EMAILS: csv,
    /** The owner's email: the one-time sign-in link signs in this account. Default: the first of ADMIN_EMAILS. */
    OWNER_EMAIL: z.email().optional(),
    /**
     * Whether owner sign-in links are printed at start and by the sign-in page's button (anyone who can read the
     * server's log could use one). `auto` (default): until a passkey or a sign-in provider exists, then no more.
     * `off`: the same, with a warning while it cannot be honoured yet. `on`: always.
     * `npm run owner-link` mints one whatever this says.
     */
    OWNER_LINK: z.enum(['auto', 'on', 'off']).default('auto'),
    /**
     * How recent a sign-in must be for a dangerous act (adding or removing a passkey, creating an access token,
     * restoring an archive, ending every session): older sessions are asked to confirm it is them first.
     */
    STEP_UP_SECONDS: z.coerce.number().int().min(30).max(24 * 60 * 60).default(600),
    /** GitHub OAuth app. */
    GITHUB_CLIENT_ID: z.string().min(1).optional(),
    GITHUB_CLIENT_SECRET: z.string().min(1).optional(),
    /** Base URLs of GitHub's endpoints; only tests point these elsewhere. */
    GITHUB_OAUTH_URL: z.url().default('https://github.com'),
    GITHUB_API_URL: z.url().default('https://api.github.com'),
    /** Any OpenID Connect provider, by its issuer (discovery) URL. */
    OIDC_ISSUER: z.url().optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    /** Name shown on the sign-in chooser for the OIDC provider. */
    OIDC_NAME: z.string().min(1).default('OpenID Connect'),
    /** Test-only: allow an http:// issuer. Refused unless NODE_ENV=test or ALLOW_TEST_SWITCHES=1. */
    OIDC_ALLOW_INSECURE: flag,
    /** Spotify Web API client credentials; without them the curated catalogue alone is used. */
    SPOTIFY_CLIENT_ID: z.string().min(1).optional(),
    SPOTIFY_CLIENT_SECRET: z.string().min(1).optional(),
    /** Base URLs of Spotify's endpoints; only tests point these elsewhere. */
    SPOTIFY_ACCOUNTS_URL: z.url().default('https://accounts.spotify.com'),
    SPOTIFY_API_URL: z.url().default('https://api.spotify.com'),
    /** The owner's time zone (IANA name, e.g. Europe/Berlin): decides day and month boundaries of metrics and dates. */
    OWNER_TIME_ZONE: z
      .string()
      .default('UTC')
      .refine((zone) => {
        try {
          new Intl.DateTimeFormat('en-US', { timeZone: zone });
          return true;
        } catch {
          return false;
        }
      }, 'must be an IANA time zone name such as Europe/Berlin'),
    /**
     * Folder for scheduled backups (the same archive as `npm run export`, mode 0600). Unset: no backups.
     * Not on Vercel (no disk): rely on the database provider's backups there (e.g. Neon's point-in-time restore).
     */
    BACKUP_DIR: z.string().min(1).optional(),
    /** Hours between scheduled backups. */
    BACKUP_EVERY: z.coerce.number().positive().max(24 * 365).default(24),
    /** How many backups to keep; older ones are deleted. */
    BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
    /**
     * The secret archives are signed with (HMAC-SHA256), so an import can tell this site's archives from others.
     * Unset: a key made once and kept in the database (`npm run archive-key` prints it, to set here after a move).
     */
    ARCHIVE_SIGNING_KEY: z.string().trim().min(32, 'must be at least 32 characters (npm run archive-key prints one)').optional(),
    /**
     * `on`: a periodic job looks at each completed project's live demo and records when it last answered; a demo
     * that stops answering shows "Demo offline since <date>" instead of its embedded frame. Off by default: the
     * seeded demos point at example addresses, and development and CI machines have no internet.
     */
    DEMO_CHECK: z.enum(['on', 'off']).default('off'),
    /** Minutes between two looks at the demos (DEMO_CHECK=on). */
    DEMO_CHECK_EVERY: z.coerce.number().positive().max(24 * 60).default(15),
    /**
     * Test-only: lets the demo checker reach loopback addresses (127.0.0.0/8, ::1), so tests can point demos at
     * servers of their own. Every other private address stays refused. Refused unless NODE_ENV=test or
     * ALLOW_TEST_SWITCHES=1.
     */
    DEMO_CHECK_ALLOW_LOOPBACK: flag,
    /** Test-only: turns off sign-in rate limits. Refused unless NODE_ENV=test or ALLOW_TEST_SWITCHES=1. */
    DISABLE_RATE_LIMIT: flag,
    /**
     * Test-only: the request header the sign-in rate limits read the client address from, so test
     * files running in parallel from one machine do not share one address. Refused unless NODE_ENV=test or
     * ALLOW_TEST_SWITCHES=1.
     */
    TEST_CLIENT_ADDRESS_HEADER: z
      .string()
      .regex(/^[a-z0-9-]+$/i, 'must be a header name')
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.VERCEL && env.ALLOW_TEST_SWITCHES) {
      ctx.addIssue({ code: 'custom', path: ['ALLOW_TEST_SWITCHES'], message: 'cannot be on in a Vercel build' });
    }
    const switchesAllowed = !env.VERCEL && (env.NODE_ENV === 'test' || env.ALLOW_TEST_SWITCHES);
    if (!switchesAllowed) {
      const why = env.VERCEL ? 'in a Vercel build' : `when NODE_ENV=${env.NODE_ENV} without ALLOW_TEST_SWITCHES=1`;
      for (const key of ['OIDC_ALLOW_INSECURE', 'DISABLE_RATE_LIMIT', 'TEST_CLIENT_ADDRESS_HEADER', 'DEMO_CHECK_ALLOW_LOOPBACK'] as const) {
        if (env[key])
          ctx.addIssue({ code: 'custom', path: [key], message: `is a test-only switch and cannot be on ${why}` });
      }
    }
    if (env.VERCEL && env.VERCEL_REVALIDATE_TOKEN && !env.SITE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SITE_URL'],
        message: 'is needed with VERCEL_REVALIDATE_TOKEN: writes ask the public origin to render its pages again',
      });
    }
    const pairs = [
      ['GITHUB_CLIENT_ID', 'GITHUB_CLIENT_SECRET'],
      ['OIDC_ISSUER', 'OIDC_CLIENT_ID'],
      ['SPOTIFY_CLIENT_ID', 'SPOTIFY_CLIENT_SECRET'],
    ] as const;
    for (const [a, b] of pairs) {
      if (Boolean(env[a]) !== Boolean(env[b])) {
        ctx.addIssue({
          code: 'custom',
          path: [env[a] ? b : a],
          message: `must be set together with ${env[a] ? a : b}`,
        });
      }
    }
  });

export type Config = z.infer<typeof configSchema>;

/** Turns a failed parse into one line per bad variable, naming it. */
export function describeConfigError(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`).join('\n');
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  // Empty strings mean "unset", as in most .env files.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = configSchema.safeParse(cleaned);
  if (!result.success) {
    throw new Error(`Invalid environment:\n${describeConfigError(result.error)}`);
  }
  return result.data;
}

let parsed: Config | undefined;

/** The parsed environment, read once per process. */
export function config(): Config {
  return (parsed ??= parseConfig(process.env));
}

/** The owner's email: OWNER_EMAIL, else the first admin email, else a local placeholder. */
export function ownerEmail(cfg: Config = config()): string {
  return (cfg.OWNER_EMAIL ?? cfg.ADMIN_EMAILS[0] ?? 'owner@localhost').toLowerCase();
}
