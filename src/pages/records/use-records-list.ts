import { useCallback, useMemo, useState } from 'react'
import { useAtomValue } from 'jotai'
import { useSearchParams } from 'react-router-dom'
import { useResource } from '../../api/use-resource'
import { useListQuery, usePagedList } from '../../api/use-paged-list'
import { sessionAtom } from '../../session/session-atoms'
import {
  categoryChoices,
  categoryLabels,
  narrowsBeyondQueue,
  QUEUE_PARAM,
  recordsFilter,
  urlFilters,
  type CategoryChoice,
  type ReviewToggles,
} from './records-model'
import { recordsApi } from './records-api'

/**
 * Controller of /Records (SPEC §2): the categories this viewer may browse, the filters of the query
 * parameters, and the server-paged query (take 10, newest first unless a column is sorted).
 */
export function useRecordsList() {
  const session = useAtomValue(sessionAtom)
  const [params, setParams] = useSearchParams()
  // SPEC §7: the category lists come from ITRCATEGORY; without it (a failed call) the session decides alone.
  const listed = useResource((signal) => recordsApi.categories(signal).catch(() => undefined), [])
  const choices = useMemo(
    () => categoryChoices(session?.view ?? 'none', session?.recordViewCategories ?? [], listed.data),
    [session?.view, session?.recordViewCategories, listed.data],
  )
  const labels = useMemo(() => categoryLabels(listed.data), [listed.data])
  const [picked, setPicked] = useState<CategoryChoice | null>(null)
  const category: CategoryChoice = picked && choices.includes(picked) ? picked : (choices[0] ?? 'all')
  const base = useMemo(() => urlFilters(params), [params])
  const [query, setQuery, sent] = useListQuery()
  const [suspectOnly, setSuspectOnlyState] = useState(false)
  // Issue #19: 'My queue' (on when opened as /Records?queue=mine, Home's 'Review queue'), and superseded
  // records hidden unless asked.
  const [review, setReview] = useState<ReviewToggles>(() => ({
    myQueue: params.get(QUEUE_PARAM.name) === QUEUE_PARAM.mine,
    hideSuperseded: true,
  }))
  const filter = recordsFilter(sent, category, base, suspectOnly, review)
  // The queue's empty text says whether other filters hide its records (walk s14).
  const narrowed = narrowsBeyondQueue(filter, choices.length > 1)
  const page = usePagedList(recordsApi.page, sent.page, sent.size, filter, { skip: choices.length === 0 })

  const chooseCategory = useCallback(
    (next: CategoryChoice) => {
      setPicked(next)
      // Columns change with the category: their filters and sort go with them.
      setQuery((q) => ({ ...q, page: 0, filter: {}, sort: undefined }))
    },
    [setQuery],
  )

  const clearUrlFilters = useCallback(() => setParams({}, { replace: true }), [setParams])

  const setSuspectOnly = useCallback(
    (on: boolean) => {
      setSuspectOnlyState(on)
      setQuery((q) => ({ ...q, page: 0 }))
    },
    [setQuery],
  )

  const queueParam = params.has(QUEUE_PARAM.name)
  const toggleReview = useCallback(
    (change: ReviewToggles) => {
      setReview((r) => ({ ...r, ...change }))
      setQuery((q) => ({ ...q, page: 0 }))
      // The switch now says what the list shows: '?queue=mine' would turn it on again at a reload.
      if (change.myQueue !== undefined && queueParam)
        setParams(
          (p) => {
            const next = new URLSearchParams(p)
            next.delete(QUEUE_PARAM.name)
            return next
          },
          { replace: true },
        )
    },
    [setQuery, setParams, queueParam],
  )

  return {
    choices,
    labels,
    category,
    chooseCategory,
    base,
    clearUrlFilters,
    suspectOnly,
    setSuspectOnly,
    review,
    toggleReview,
    /** Filters besides 'My queue' narrow the list (the queue's empty text says so). */
    narrowed,
    query,
    setQuery,
    /** The filter the grid shows now, for the export dialog to start from. */
    currentFilter: recordsFilter(query, category, base, suspectOnly, review),
    ...page,
  }
}
