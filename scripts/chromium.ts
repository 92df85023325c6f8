import { existsSync } from 'node:fs';

/*
 * The browser of the end-to-end tests and the bench: Debian's Chromium (or CHROME_PATH), started the
 * same way by both.
 */

const CANDIDATES = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** The flags these machines need: headless as root, and no calls home (the network is closed here). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium (or CHROME_PATH). Never a silent skip: no browser is a failure that says how to get one. */
export function chromePath(): string {
  const found = CANDIDATES.find((path): path is string => Boolean(path && existsSync(path)));
  if (!found) {
    throw new Error(
      'No Chromium found for the end-to-end tests. Install it with `apt-get install -y chromium` ' +
        '(Debian) or set CHROME_PATH to a Chromium or Chrome binary.',
    );
  }
  return found;
}
