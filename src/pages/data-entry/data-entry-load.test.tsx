import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Banner } from '../../components/banner'
import { DATA_ENTRY_TEXTS, noticeVariant } from './data-entry-load'

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
