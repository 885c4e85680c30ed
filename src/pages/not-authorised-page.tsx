import { MESSAGES } from '../../schemas/messages'
import { Banner } from '../components/banner'

/** Shown for pages outside the view's allowed list (SPEC §2, §6). */
export function NotAuthorisedPage() {
  return <Banner variant="warning" message={MESSAGES.generic.notAuthorisedPage} />
}
