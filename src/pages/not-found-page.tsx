import { Link } from 'react-router-dom'
import { PageHeader } from '../components/page-header'

/** Any path that is not a route of SPEC §2. */
export default function NotFoundPage() {
  return (
    <>
      <PageHeader title="Page not found" />
      <p>
        There is no page at this address. <Link to="/Home">Go to Home</Link>.
      </p>
    </>
  )
}
