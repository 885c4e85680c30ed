import { useState } from 'react'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { supplierWriteSchema } from '../../schemas/entities/supplier'
import { surveyRepairFormSchema } from '../../schemas/entities/fault-repair'
import { MESSAGES } from '../../schemas/messages'
import { CrudForm } from './crud-form'
import { firstSchemaError, schemaErrors } from './schema-errors'

function Harness<T>({ schema, initial, onSubmit }: { schema: object; initial: T; onSubmit: (d: T) => void }) {
  const [data, setData] = useState<T>(initial)
  return (
    <CrudForm schema={schema} formData={data} onChange={setData} onSubmit={onSubmit} onCancel={() => {}} />
  )
}

describe('CrudForm', () => {
  it('shows the SPEC text under the field for a missing name and does not submit', async () => {
    const onSubmit = vi.fn()
    render(<Harness schema={supplierWriteSchema} initial={{}} onSubmit={onSubmit} />)
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText(MESSAGES.supplier.nameRequired)).toBeInTheDocument()
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('rejects a blank-only name with the same text and submits a good one', async () => {
    const onSubmit = vi.fn()
    render(<Harness schema={supplierWriteSchema} initial={{}} onSubmit={onSubmit} />)
    const name = screen.getByLabelText(/Name/)
    await userEvent.type(name, '   ')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText(MESSAGES.supplier.nameRequired)).toBeInTheDocument()
    await userEvent.clear(name)
    await userEvent.type(name, 'ACME')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(onSubmit).toHaveBeenCalledWith({ name: 'ACME' })
  })

  it('shows the conditional survey/repair texts (item needs a product)', async () => {
    const onSubmit = vi.fn()
    render(
      <Harness
        schema={surveyRepairFormSchema}
        initial={{ name: 'Seal', kind: 'item' }}
        onSubmit={onSubmit}
      />,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText(MESSAGES.surveyRepair.productRequired)).toBeInTheDocument()
    expect(screen.queryByText(/must match/)).toBeNull()
    expect(onSubmit).not.toHaveBeenCalled()
  })
})

describe('schemaErrors', () => {
  it('in read-only mode disables the fields and its children, offers Back and no Save', async () => {
    const onCancel = vi.fn()
    render(
      <CrudForm
        schema={supplierWriteSchema}
        formData={{ name: 'Northwind' }}
        onChange={() => {}}
        onSubmit={() => {}}
        onCancel={onCancel}
        readOnly
      >
        <button type="button">Add new product type</button>
      </CrudForm>,
    )
    expect(screen.getByLabelText(/Name/)).toBeDisabled()
    // Nothing is asked of a user who only looks: no required mark.
    expect(screen.getByText('Name').closest('label')?.textContent).toBe('Name')
    expect(screen.getByRole('button', { name: 'Add new product type' })).toBeDisabled()
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Back' }))
    expect(onCancel).toHaveBeenCalled()
  })

  it('gives the errorMessage texts by field path', () => {
    expect(schemaErrors(surveyRepairFormSchema, {})).toEqual([
      { path: 'name', message: MESSAGES.surveyRepair.nameRequired },
      { path: 'kind', message: MESSAGES.surveyRepair.kindRequired },
    ])
    expect(firstSchemaError(surveyRepairFormSchema, { name: 'x', kind: 'descriptive' })).toBe(
      MESSAGES.surveyRepair.categoryRequired,
    )
    expect(
      firstSchemaError(surveyRepairFormSchema, { name: 'x', kind: 'descriptive', descriptiveType: 'Fault' }),
    ).toBeUndefined()
  })
})
