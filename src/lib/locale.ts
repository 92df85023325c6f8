/**
 * The locale dates are shown in: Astro's preferred locale when set, else the first language the
 * browser asks for, else en-US. Anything that is not a valid BCP 47 tag falls back to en-US.
 */
export function pickLocale(preferred: string | undefined, acceptLanguage: string | null): string {
  const wanted = preferred ?? acceptLanguage?.split(',')[0]?.split(';')[0]?.trim() ?? 'en-US';
  try {
    return Intl.getCanonicalLocales(wanted)[0] ?? 'en-US';
  } catch {
    return 'en-US';
  }
}
