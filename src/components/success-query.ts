import { useSearchParams } from 'react-router-dom'

/** The list banner of SPEC §2: `message` while the URL carries success=true, else null. */
export function useSuccessQuery(message: string): string | null {
  const [params] = useSearchParams()
  return params.get('success') === 'true' ? message : null
}

/** Whether an edit route's id means create (SPEC §2: 'New', any case). */
export const isNewId = (id: string | undefined) => (id ?? '').toLowerCase() === 'new'
