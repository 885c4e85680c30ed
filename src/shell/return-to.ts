import { canOpenPage, type RoleView } from '../../schemas/roles'

/**
 * Where sign-in from `/login?returnTo=…` goes: the page asked for when it is a page of this app that the
 * view now signed in may open, else Home. The address is resolved the way the browser will read it
 * before anything is decided: a browser reads `\` as `/` and drops tabs and line breaks, so a text check
 * alone let `/\evil.example/` and `/<TAB>/evil.example/` through to another site (audit s8c D1). Only the
 * resolved path, query and hash of this origin are ever navigated to.
 */
export function returnPath(returnTo: string | null, origin: string, view: RoleView): string {
  if (!returnTo || !returnTo.startsWith('/')) return '/Home'
  let url: URL
  try {
    url = new URL(returnTo, origin)
  } catch {
    return '/Home'
  }
  if (url.origin !== new URL(origin).origin || !canOpenPage(view, url.pathname)) return '/Home'
  return url.pathname + url.search + url.hash
}
