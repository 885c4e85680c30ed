import { useState } from 'react'
import { describeError } from '../api/client'

/**
 * The list pages' delete flow: a row's Delete asks (`ask`), the confirm dialog shows `deleting`, and
 * `confirm` calls `remove`, then `onDeleted` (reload the list) or keeps the 'API Error: …' in `error`.
 */
export function useConfirmDelete<T>(remove: (item: T) => Promise<unknown>, onDeleted: () => void) {
  const [deleting, setDeleting] = useState<T | null>(null)
  const [error, setError] = useState<string | null>(null)
  const confirm = async () => {
    const target = deleting
    setDeleting(null)
    if (target === null) return
    try {
      await remove(target)
      setError(null)
      onDeleted()
    } catch (e) {
      setError(describeError(e))
    }
  }
  return { deleting, ask: setDeleting, cancel: () => setDeleting(null), confirm, error }
}
