import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createStore, Provider } from 'jotai'
import { createBrowserRouter, RouterProvider } from 'react-router-dom'
import 'bootstrap/dist/css/bootstrap.min.css'
import './styles.css'
import { loadAppConfig } from './api/app-config'
import { refreshTokens } from './api/auth-api'
import { clearSession, hasValidToken, readSession } from './api/session-storage'
import { routes } from './routes'
import { appConfigAtom, sessionAtom } from './session/session-atoms'

/** SPEC §9: an existing service worker is unregistered on start. */
async function unregisterServiceWorkers() {
  const registrations = (await navigator.serviceWorker?.getRegistrations?.()) ?? []
  await Promise.all(registrations.map((r) => r.unregister()))
}

/**
 * Start: load /config.json, restore the session (refreshing an expired token once), and send a
 * visitor without a token to /login (SPEC §2 "Login").
 */
async function start() {
  void unregisterServiceWorkers().catch(() => undefined)
  const store = createStore()
  try {
    store.set(appConfigAtom, await loadAppConfig())
  } catch (error) {
    console.error(error)
  }
  let session = readSession()
  if (!hasValidToken(session) && session.refreshToken) {
    try {
      await refreshTokens()
    } catch {
      clearSession()
    }
    session = readSession()
  }
  const valid = hasValidToken(session)
  store.set(sessionAtom, valid ? session : null)
  const path = window.location.pathname
  if (!valid && path.toLowerCase() !== '/login') {
    const back = path + window.location.search
    window.history.replaceState(
      null,
      '',
      back === '/' ? '/login' : `/login?returnTo=${encodeURIComponent(back)}`,
    )
  }

  const router = createBrowserRouter(routes)
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>
    </StrictMode>,
  )
}

void start()
