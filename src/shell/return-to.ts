/**
 * Where sign-in from `/login?returnTo=…` goes: the page asked for, on this site, else Home. A page the
 * view now signed in may not open is still gone to, where the shell says 'You are not authorised to see
 * this page.': a supplier who scans a certificate's QR code for /Records/{id} used to land on Home with no
 * word of why (certificate walk, s12). The address is resolved the way the browser will read it
 * before anything is decided: a browser reads `\` as `/` and drops tabs and line breaks, so a text check
 * alone let `/\evil.example/` and `/<TAB>/evil.example/` through to another site (audit s8c D1). Only the
 * resolved path, query and hash of this origin are ever navigated to.
 */
export function returnPath(returnTo: string | null, origin: string): string {
  if (!returnTo || !returnTo.startsWith('/')) return '/Home'
  let url: URL
  try {
    url = new URL(returnTo, origin)
  } catch {
    return '/Home'
  }
  if (url.origin !== new URL(origin).origin) return '/Home'
  return url.pathname + url.search + url.hash
}
