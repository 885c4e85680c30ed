import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { RATIO_TEST_CONTROLS } from '../../schemas/form-layout/rules-fixture'
import { toServerData } from '../pass-fail'
import { validateRecord } from './compiled-layout'
import { renderRecordForm } from './test-support'

const controls = RATIO_TEST_CONTROLS

describe('RecordForm: conditions and calculated values (issue #14)', () => {
  it('shows a control only while its condition holds, and sends no value for it while hidden', async () => {
    const user = userEvent.setup()
    const form = renderRecordForm(controls)
    expect(screen.queryByLabelText(/^Earth continuity\*?$/)).toBeNull()
    expect(screen.queryByText('Class I equipment only')).toBeNull()

    await user.click(screen.getByLabelText('Class I'))
    expect(screen.getByText('Class I equipment only')).toBeVisible()
    await user.type(screen.getByLabelText(/^Earth continuity\*?$/), '5')
    expect(form.last().earth).toMatchObject({ value: 5, passOrFail: 'Fail' })
    expect(form.last().tests).toBe('Fail')
    // Required while shown: Save names it when empty.
    await user.clear(screen.getByLabelText(/^Earth continuity\*?$/))
    expect(validateRecord(form.layout, form.last()).earth).toEqual(['Earth continuity is required.'])

    await user.type(screen.getByLabelText(/^Earth continuity\*?$/), '5')
    await user.type(screen.getByLabelText('Measured ratio'), '10')
    expect(form.last().tests).toBe('Fail')
    await user.click(screen.getByLabelText('Class I'))
    expect(screen.queryByLabelText(/^Earth continuity\*?$/)).toBeNull()
    // Hidden: its failing value no longer fails the group, is not required and is not sent.
    expect(form.last().tests).toBe('Pass')
    expect(validateRecord(form.layout, form.last()).earth).toBeUndefined()
    expect('earth' in toServerData(form.layout, form.last())).toBe(false)
  })

  it('marks a field required (*) only while its requiredIf condition holds', async () => {
    const user = userEvent.setup()
    const layout: typeof controls = [
      { type: 'checkbox', id: 'classI', variable: 'classI', label: 'Class I' },
      {
        type: 'singletext',
        id: 'earthNote',
        variable: 'earthNote',
        label: 'Earth bond location',
        requiredIf: { '==': [{ var: 'classI' }, true] },
      },
    ]
    const form = renderRecordForm(layout)
    const caption = () => document.querySelector('[data-variable="earthNote"] label')!
    expect(caption().textContent).toBe('Earth bond location')
    expect(screen.getByLabelText('Earth bond location')).not.toHaveAttribute('aria-required')
    await user.click(screen.getByLabelText('Class I'))
    expect(caption().textContent).toBe('Earth bond location*')
    expect(screen.getByLabelText(/^Earth bond location/)).toHaveAttribute('aria-required', 'true')
    expect(validateRecord(form.layout, form.last()).earthNote).toEqual(['Earth bond location is required.'])
    await user.click(screen.getByLabelText('Class I'))
    expect(caption().textContent).toBe('Earth bond location')
  })

  it('updates a calculated value as its inputs change and judges the test that takes it', async () => {
    const user = userEvent.setup()
    const form = renderRecordForm(controls)
    const group = screen.getByRole('group', { name: /Tests/ })
    await user.type(screen.getByLabelText('Measured ratio'), '10.04')
    expect(screen.getByRole('status', { name: 'Deviation' })).toHaveTextContent('0.400')
    expect(form.last().deviation).toBe(0.4)
    expect(form.last().deviationTest).toEqual({ value: 0.4, passOrFail: 'Pass' })
    expect(within(group).getByRole('status', { name: 'Tests result' })).toHaveTextContent('Pass')

    await user.clear(screen.getByLabelText('Measured ratio'))
    await user.type(screen.getByLabelText('Measured ratio'), '10.2')
    expect(screen.getByRole('status', { name: 'Deviation' })).toHaveTextContent('2.000')
    expect(form.last().deviationTest).toEqual({ value: 2, passOrFail: 'Fail' })
    expect(within(group).getByRole('status', { name: 'Tests result' })).toHaveTextContent('Fail')
    expect(form.results.at(-1)).toBe('Fail')
  })
})
