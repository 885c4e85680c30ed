import { render, screen, within } from '@testing-library/react'
import { createStore, Provider } from 'jotai'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import type { RecordView } from '../../../schemas/records'
import type { RoleView } from '../../../schemas/roles'
import type { StoredSession } from '../../api/session-storage'
import { sessionAtom } from '../../session/session-atoms'
import { OpenedCaseNotice, SuspectNotice } from './suspect-notice'

type Case = RecordView['impactCases'][number]

const inCase = (over: Partial<Case>): Case => ({
  id: 1,
  kind: 'failedCalibration',
  status: 'open',
  state: 'recall',
  clearedBy: null,
  ...over,
})

function renderAs(view: RoleView, node: React.ReactNode) {
  const store = createStore()
  store.set(sessionAtom, { view } as StoredSession)
  return render(
    <Provider store={store}>
      <MemoryRouter>{node}</MemoryRouter>
    </Provider>,
  )
}

const noticeText = () => screen.getByRole('note', { name: 'Suspect' }).textContent

// Walk s13: after record 20 cleared the recall (the case page said 'Cleared: record 20', /Products had
// dropped 'Recalled'), the record page still said only 'Decided: the product is to be recalled.', and it
// said 'found out of tolerance, or was used after its calibration expired' though the case knows which.
describe('SuspectNotice', () => {
  it('names the newer record that cleared a recall, in the case page words, with a link to it', () => {
    renderAs('internal', <SuspectNotice state="recall" cases={[inCase({ clearedBy: 20 })]} />)
    expect(noticeText()).toBe(
      'Suspect · recalled — this record is in impact case 1: a device it used was found out of tolerance. ' +
        'Decided: the product is to be recalled. Cleared: record 20, a newer record of the product.',
    )
    const note = screen.getByRole('note', { name: 'Suspect' })
    expect(within(note).getByRole('link', { name: 'record 20' }).getAttribute('href')).toBe('/Records/20')
  })

  it("says 'Retested' for a retest, and nothing of clearing while any deciding case still waits", () => {
    const { unmount } = renderAs(
      'internal',
      <SuspectNotice state="retest" cases={[inCase({ state: 'retest', clearedBy: 31 })]} />,
    )
    expect(noticeText()).toMatch(/Decided: the product is to be tested again\. Retested: record 31, a newer/)
    unmount()
    renderAs(
      'internal',
      <SuspectNotice
        state="retest"
        cases={[inCase({ state: 'retest', clearedBy: 31 }), inCase({ id: 2, state: 'retest' })]}
      />,
    )
    expect(noticeText()).toMatch(/Decided: the product is to be tested again\.$/)
  })

  it('says why by what opened the case: expired calibration, or both reasons for two kinds', () => {
    const { unmount } = renderAs(
      'internal',
      <SuspectNotice state="undecided" cases={[inCase({ kind: 'lapsed', state: 'undecided' })]} />,
    )
    expect(noticeText()).toBe(
      'Suspect — this record is in impact case 1: it was made with a device whose calibration had expired. ' +
        'Not decided yet: its result may not hold.',
    )
    unmount()
    renderAs(
      'internal',
      <SuspectNotice
        state="accept"
        cases={[inCase({ state: 'accept' }), inCase({ id: 2, kind: 'lapsed', state: 'accept' })]}
      />,
    )
    expect(noticeText()).toContain(
      'impact case 1 and impact case 2: a device it used was found out of tolerance, and it was made with a ' +
        'device whose calibration had expired.',
    )
  })
})

// Walk s13: the failing calibration (record 19) said nothing of the case it opened.
describe('OpenedCaseNotice', () => {
  it('says which case a failing calibration opened, linked for a configurator, as text for internal', () => {
    const { unmount } = renderAs('configurator', <OpenedCaseNotice caseId={1} />)
    const note = screen.getByRole('note', { name: 'Impact case' })
    expect(note.textContent).toBe(
      'This calibration found the device out of tolerance and opened impact case 1: the records made with ' +
        'the device since its last passing calibration are suspect until decided.',
    )
    expect(within(note).getByRole('link', { name: 'impact case 1' }).getAttribute('href')).toBe(
      '/ImpactCases/1',
    )
    unmount()
    renderAs('internal', <OpenedCaseNotice caseId={1} />)
    expect(within(screen.getByRole('note', { name: 'Impact case' })).queryByRole('link')).toBeNull()
  })

  it('says nothing for a record that opened no case', () => {
    renderAs('configurator', <OpenedCaseNotice caseId={null} />)
    expect(screen.queryByRole('note', { name: 'Impact case' })).toBeNull()
  })
})
