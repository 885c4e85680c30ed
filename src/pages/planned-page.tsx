import { PageHeader } from '../components/page-header'

export interface PlannedPageProps {
  title: string
  /** What the page will hold, in a sentence. */
  purpose: string
}

/**
 * Stands in for a screen of SPEC §2 that is not built yet: it says what the page will hold and shows
 * no data, so nobody mistakes it for the real screen.
 */
export default function PlannedPage({ title, purpose }: PlannedPageProps) {
  return (
    <>
      <PageHeader title={title} />
      <div className="alert alert-info" role="note">
        <strong>Coming soon.</strong> {purpose}
      </div>
    </>
  )
}
