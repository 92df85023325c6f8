import { existsSync } from 'node:fs';

/*
 * The browser of the end-to-end tests and the bench: Debian's Chromium (or CHROME_PATH), started the
 * same way by both.
 */

const CANDIDATES = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/**
 * Chromium 156 draws the address bar's suggestion popup as a web page and preloads it in a renderer of its own for
 * every new window, headless too, where nothing ever shows it: about half a second of CPU per window on this
 * machine (20 contexts with a page each: 22.5–26.5 s with it, 12.0–15.1 s without, machine busy).
 */
const OMNIBOX_POPUP_PAGES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];

/**
 * What Playwright turns off at launch (playwright-core 1.65's chromiumSwitches.ts), said again here: Chromium keeps
 * only the last --disable-features it is given, and ours comes after Playwright's.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
];

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
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUP_PAGES].join(',')}`,
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
