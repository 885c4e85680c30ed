import { useCallback, useEffect, useState, Suspense } from 'react'
import { useAtomValue } from 'jotai'
import { Outlet, useLocation } from 'react-router-dom'
import { LoginModal } from '../auth/login-modal'
import { ConfirmDialog } from '../components/confirm-dialog'
import { Loading } from '../components/page-state'
import { NotAuthorisedPage } from '../pages/not-authorised-page'
import { appConfigAtom, canOpenAtom, navItemsAtom, sessionAtom } from '../session/session-atoms'
import { returnPath } from './return-to'
import { Footer } from './footer'
import { NavDrawer } from './nav-drawer'
import { TopBar } from './top-bar'
import { useLogOut } from './use-log-out'
import { OutboxBadge } from './outbox-panel'
import { useOutbox } from './use-outbox'
import { SESSION_EXPIRED, useSessionExpired } from './use-session-expired'

const NARROW = '(max-width: 575.98px)'
const isNarrow = () => window.matchMedia?.(NARROW).matches ?? false

/**
 * After sign-in the page reloads; from /login it goes back to where the user was sent from, on this site
 * (return-to.ts); a page the view may not open says so there.
 */
function reloadAfterLogin() {
  if (window.location.pathname.toLowerCase() === '/login') {
    const returnTo = new URLSearchParams(window.location.search).get('returnTo')
    window.location.assign(returnPath(returnTo, window.location.origin))
  } else window.location.reload()
}

/**
 * The shell of SPEC §2: top bar with Log Out, collapsible navigation drawer, footer. Without a session
 * the login modal is shown over it; a page outside the view's allowed list shows the not-authorised
 * message instead of the page. A session lost while working (the token cannot be refreshed) shows the
 * login modal over the page, which stays mounted and untouched (issue #18.4).
 */
export function AppShell() {
  const session = useAtomValue(sessionAtom)
  const { title } = useAtomValue(appConfigAtom)
  const navItems = useAtomValue(navItemsAtom)
  const canOpen = useAtomValue(canOpenAtom)
  const location = useLocation()
  const [drawerOpen, setDrawerOpen] = useState(() => !isNarrow())
  // Signed in from start to Log Out: an access token that merely expired is refreshed by the next call,
  // and one that cannot be shows the modal over the page — the page is never unmounted for it.
  const signedIn = Boolean(session)
  const expiry = useSessionExpired()

  useEffect(() => {
    document.title = title
  }, [title])

  const closeOnNarrow = useCallback(() => {
    if (isNarrow()) setDrawerOpen(false)
  }, [])

  // Crossing the narrow breakpoint (a phone turned, a window resized) starts the drawer as a fresh page
  // of that width would: closed over a narrow page, which it would otherwise cover whole; open beside a
  // wide one.
  useEffect(() => {
    const query = window.matchMedia?.(NARROW)
    if (!query) return
    const follow = (e: MediaQueryListEvent) => setDrawerOpen(!e.matches)
    query.addEventListener('change', follow)
    return () => query.removeEventListener('change', follow)
  }, [])

  const leave = useLogOut()
  const outbox = useOutbox(signedIn)

  return (
    <div className={`app-shell${drawerOpen ? ' drawer-open' : ''}`}>
      <TopBar
        title={title}
        drawerOpen={drawerOpen}
        onToggleDrawer={() => setDrawerOpen((o) => !o)}
        onLogOut={signedIn ? leave.logOut : undefined}
        extra={<OutboxBadge outbox={outbox} />}
      />
      <div className="app-body">
        <NavDrawer open={drawerOpen} items={signedIn ? navItems : []} onNavigate={closeOnNarrow} />
        <div className="app-main">
          <main className="app-content container-fluid py-3" id="main">
            {signedIn &&
              (canOpen(location.pathname) ? (
                <Suspense fallback={<Loading />}>
                  <Outlet />
                </Suspense>
              ) : (
                <NotAuthorisedPage />
              ))}
          </main>
          <Footer title={title} />
        </div>
      </div>
      {!signedIn && <LoginModal title={title} onSuccess={reloadAfterLogin} />}
      {signedIn && expiry.expired && (
        <LoginModal title={title} notice={SESSION_EXPIRED} onSuccess={expiry.signedIn} />
      )}
      <ConfirmDialog
        question={leave.question}
        confirmLabel="Log Out"
        onConfirm={leave.confirm}
        onCancel={leave.cancel}
      />
    </div>
  )
}
