/*
 * The two stylesheets a page can carry inline (layouts/PageStyles.astro), each with the hash its <style>
 * element needs in the page's Content-Security-Policy, computed once per server process.
 */
import { createHash } from 'node:crypto';
import visitorCss from './visitor.css?inline';
import signedInCss from './signed-in.css?inline';

export interface Sheet {
  css: string;
  hash: `sha256-${string}`;
}

const sheet = (css: string): Sheet => ({ css, hash: `sha256-${createHash('sha256').update(css).digest('base64')}` });

/** Every class a signed-out visitor's page can render. */
export const visitorSheet = sheet(visitorCss);
/** Every class of the site. */
export const signedInSheet = sheet(signedInCss);
