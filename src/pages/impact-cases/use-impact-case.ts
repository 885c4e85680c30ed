import { useCallback, useMemo, useState } from 'react'
import { useParams, useSearchParams } from 'react-router-dom'
import { PAGE_SIZES, type ListQuery } from '../../../runtime/grid'
import {
  DISPOSITION_LABELS,
  IMPACT_MESSAGES,
  type ImpactDisposition,
  type SuspectState,
} from '../../../schemas/records'
import { ApiError, describeError } from '../../api/client'
import { usePagedList } from '../../api/use-paged-list'
import { useResource } from '../../api/use-resource'
import { caseParamsOf, caseViewOf, type StateChoice } from './cases-url'
import { impactCasesApi } from './impact-cases-api'

export type { StateChoice } from './cases-url'

/** A disposition being given: which one and, for accept, why. */
export interface DispositionDraft {
  disposition: ImpactDisposition | ''
  reason: string
}

const NO_DRAFT: DispositionDraft = { disposition: '', reason: '' }

/** Why Apply cannot be pressed yet (null: it can). */
export function draftProblem(draft: DispositionDraft, selected: number): string | null {
  if (selected === 0) return 'Select the records to decide.'
  if (!draft.disposition) return 'Choose a disposition.'
  if (draft.disposition === 'accept' && !draft.reason.trim()) return IMPACT_MESSAGES.reasonRequired
  return null
}

const plural = (n: number) => `${n} record${n === 1 ? '' : 's'}`

/** Selecting records of the page: one by one, or all of the page. */
function selectionOf(
  setSelected: (update: (s: ReadonlySet<number>) => ReadonlySet<number>) => void,
  rows: readonly { recordId: number }[],
) {
  return {
    toggle: (recordId: number) =>
      setSelected((s) => {
        const next = new Set(s)
        if (!next.delete(recordId)) next.add(recordId)
        return next
      }),
    toggleAll: (on: boolean) => setSelected(() => (on ? new Set(rows.map((r) => r.recordId)) : new Set())),
  }
}

/** One case action at a time: busy while it runs, then its message or the server's refusal; `reload` after. */
function useCaseAction(reload: () => void) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  async function act(work: () => Promise<unknown>, message: string) {
    setBusy(true)
    setError(null)
    setDone(null)
    try {
      await work()
      setDone(message)
      reload()
    } catch (e) {
      setError(e instanceof ApiError ? e.message : describeError(e))
    } finally {
      setBusy(false)
    }
  }
  const dismiss = () => {
    setError(null)
    setDone(null)
  }
  return { busy, error, done, act, dismiss }
}

/**
 * Controller of /ImpactCases/{id}: the case, its suspect records (server-paged, by state; the state and
 * page kept in the URL, `?show=&page=`, so Back and a shared link show the same records), the records
 * selected on the page, the disposition being given to them, Close and the XLSX export. Every refusal is
 * the server's message, shown in the page's banner. An id that is no case is said so, without Retry: a
 * non-numeric one without a call, and the records are only asked for once the case is found.
 */
export function useImpactCase() {
  const { id = '' } = useParams()
  const caseId = /^\d{1,9}$/.test(id) && Number(id) > 0 ? Number(id) : null
  const found = useResource(
    (signal) =>
      caseId
        ? impactCasesApi.get(caseId, signal)
        : Promise.reject(new ApiError(IMPACT_MESSAGES.notFound(id), 404)),
    [caseId],
  )
  const notFound = found.error instanceof ApiError && found.error.status === 404
  const [params, setParams] = useSearchParams()
  const { state, page } = useMemo(() => caseViewOf(params), [params])
  const query: ListQuery = useMemo(() => ({ page, size: PAGE_SIZES.list, filter: {} }), [page])
  const fetchPage = useCallback(
    (pageIndex: number, size: number, filter: { state?: SuspectState }, signal: AbortSignal) =>
      impactCasesApi.records(caseId ?? 0, pageIndex, size, filter, signal),
    [caseId],
  )
  const records = usePagedList(fetchPage, query.page, query.size, state ? { state } : {}, {
    skip: !caseId || !found.data,
  })
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set())
  const [draft, setDraft] = useState<DispositionDraft>(NO_DRAFT)
  const { busy, error, done, act, dismiss } = useCaseAction(() => {
    found.reload()
    records.reload()
  })

  const show = (next: { state: StateChoice; page: number }) => {
    setParams((current) => caseParamsOf(next, current), { replace: true, flushSync: true })
    setSelected(new Set())
  }
  const setQuery = (next: ListQuery) => show({ state, page: next.page })
  const setState = (next: StateChoice) => show({ state: next, page: 0 })
  const { toggle, toggleAll } = selectionOf(setSelected, records.rows)

  const apply = () => {
    if (!caseId || draftProblem(draft, selected.size) || !draft.disposition) return
    const disposition = draft.disposition
    const ids = [...selected]
    return act(
      async () => {
        await impactCasesApi.decide(caseId, {
          recordIds: ids,
          disposition,
          reason: draft.reason.trim() || null,
        })
        setSelected(new Set())
        setDraft(NO_DRAFT)
      },
      `${DISPOSITION_LABELS[disposition]}: ${plural(ids.length)}.`,
    )
  }
  const close = () => caseId && act(() => impactCasesApi.close(caseId), `Impact case ${caseId} is closed.`)
  const exportXlsx = () =>
    caseId && act(() => impactCasesApi.exportXlsx(caseId), 'The case workbook was downloaded.')

  return {
    caseId,
    found,
    /** The case could not be loaded: SPEC-style text for an id that is no case, the error otherwise. */
    loadError: notFound ? IMPACT_MESSAGES.notFound(id) : found.error,
    /** Loading again can help (not for a case that does not exist). */
    retry: notFound ? undefined : found.reload,
    state,
    setState,
    query,
    setQuery,
    records,
    selected,
    toggle,
    toggleAll,
    draft,
    setDraft,
    problem: draftProblem(draft, selected.size),
    apply,
    close,
    exportXlsx,
    busy,
    error,
    done,
    dismiss,
  }
}

export type ImpactCaseController = ReturnType<typeof useImpactCase>
