import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Banner } from '../../components/banner'
import { DATA_ENTRY_TEXTS, noticeVariant } from './data-entry-load'
import { queuedOutcome } from './use-queued-notice'

describe('the notice banner of /DataEntry', () => {
  it('warns, not in green, that a save without a connection is only kept in the outbox', () => {
    render(<Banner variant={noticeVariant(DATA_ENTRY_TEXTS.queued)} message={DATA_ENTRY_TEXTS.queued} />)
    const banner = screen.getByRole('alert')
    expect(banner).toHaveTextContent(
      'No connection: the record is kept in the outbox and will be sent when the connection returns.',
    )
    expect(banner).toHaveClass('alert-warning')
    expect(banner).not.toHaveClass('alert-success')
  })

  it('shows a stored despatch record as a success', () => {
    render(
      <Banner
        variant={noticeVariant(DATA_ENTRY_TEXTS.despatchSaved)}
        message={DATA_ENTRY_TEXTS.despatchSaved}
      />,
    )
    const banner = screen.getByRole('status')
    expect(banner).toHaveTextContent('Despatch record saved. Scan the next item.')
    expect(banner).toHaveClass('alert-success')
  })
})

describe('the notice once the outbox settled what this page kept (walk 14)', () => {
  it('says the records were sent, in green, when the server has them all', () => {
    expect(queuedOutcome(['gone'])).toBe('The connection is back: the outbox sent the record.')
    expect(queuedOutcome(['gone', 'gone'])).toBe('The connection is back: the outbox sent the 2 records.')
    expect(noticeVariant(queuedOutcome(['gone']))).toBe('success')
  })

  it('says nothing new while one still waits or is being sent', () => {
    expect(queuedOutcome([])).toBeNull()
    expect(queuedOutcome(['gone', 'waiting'])).toBeNull()
    expect(queuedOutcome(['sending'])).toBeNull()
  })

  it('warns of a refusal, which stays in the outbox to be corrected', () => {
    expect(queuedOutcome(['refused'])).toBe(
      'The server refused the record kept in the outbox: open the Outbox to see why.',
    )
    expect(queuedOutcome(['refused', 'refused'])).toBe(
      'The server refused the 2 records kept in the outbox: open the Outbox to see why.',
    )
    expect(queuedOutcome(['gone', 'gone', 'refused'])).toBe(
      'The outbox sent 2 records; the server refused 1 record: open the Outbox to see why.',
    )
    expect(noticeVariant(queuedOutcome(['refused']))).toBe('warning')
    expect(noticeVariant(queuedOutcome(['gone', 'refused']))).toBe('warning')
  })
})
