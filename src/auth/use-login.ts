import { useState, type FormEvent } from 'react'
import { login } from '../api/auth-api'

export type LoginStatus = 'idle' | 'loading' | 'error'

/**
 * Controller of the login modal (SPEC §4 "Login": idle → loading → success or an error banner).
 * On success the tokens are stored and the page reloads, at `returnTo` when the user came from /login.
 */
export function useLogin(onSuccess: () => void) {
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [status, setStatus] = useState<LoginStatus>('idle')
  const [error, setError] = useState<string | null>(null)
  const [validated, setValidated] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setValidated(true)
    if (!username.trim() || !password) return
    setStatus('loading')
    setError(null)
    try {
      await login(username.trim(), password)
      onSuccess()
    } catch (e) {
      setStatus('error')
      setError(e instanceof Error ? e.message : String(e))
    }
  }

  return { username, setUsername, password, setPassword, status, error, validated, submit }
}
