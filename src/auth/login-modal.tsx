import Button from 'react-bootstrap/Button'
import Form from 'react-bootstrap/Form'
import Modal from 'react-bootstrap/Modal'
import { Banner } from '../components/banner'
import { useLogin } from './use-login'

export interface LoginModalProps {
  title: string
  /** Called after the tokens are stored: reloads the page, or lets the page carry on (issue #18.4). */
  onSuccess: () => void
  /** Why the user is asked to sign in (a session lost while working), shown above the fields. */
  notice?: string
}

/**
 * The login modal shown whenever there is no valid token (SPEC §2 "Login"), and over the page when the
 * session was lost while working. A static react-bootstrap modal: labelled by its title, focus kept
 * inside it, no way around it but signing in.
 */
export function LoginModal({ title, onSuccess, notice }: LoginModalProps) {
  const login = useLogin(onSuccess)
  const loading = login.status === 'loading'
  return (
    <Modal show backdrop="static" keyboard={false} centered aria-labelledby="login-title">
      <Form noValidate validated={login.validated} onSubmit={login.submit}>
        <Modal.Header>
          <Modal.Title id="login-title" as="h1" className="h4">
            Login - {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {notice && (
            <div className="alert alert-warning" role="status">
              {notice}
            </div>
          )}
          <p className="text-secondary">Sign in with your provider account username and password.</p>
          <Banner variant="error" message={login.error} />
          <Form.Group className="mb-3" controlId="login-username">
            <Form.Label>Username</Form.Label>
            <Form.Control
              name="username"
              autoComplete="username"
              required
              autoFocus
              value={login.username}
              onChange={(e) => login.setUsername(e.target.value)}
              disabled={loading}
            />
            <Form.Control.Feedback type="invalid">Username is required.</Form.Control.Feedback>
          </Form.Group>
          <Form.Group className="mb-2" controlId="login-password">
            <Form.Label>Password</Form.Label>
            <Form.Control
              name="password"
              type="password"
              autoComplete="current-password"
              required
              value={login.password}
              onChange={(e) => login.setPassword(e.target.value)}
              disabled={loading}
            />
            <Form.Control.Feedback type="invalid">Password is required.</Form.Control.Feedback>
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button type="submit" variant="primary" disabled={loading} className="px-4">
            {loading ? 'Please wait..' : 'Login'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  )
}
