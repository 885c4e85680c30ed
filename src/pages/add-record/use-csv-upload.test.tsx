import { act, fireEvent, render, renderHook, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { postWithProgress } from '../../api/upload-request'
import { CsvUploadPanel } from './csv-upload-panel'
import { useCsvUpload } from './use-csv-upload'

vi.mock('../../api/upload-request', () => ({ postWithProgress: vi.fn(async () => ({ records: 1 })) }))

const IDS = { supplierId: 1, productTypeId: 2, recordTypeId: 3 }
const MB = 1024 * 1024

describe('useCsvUpload', () => {
  it('refuses a file one byte over 20 MB before sending anything', async () => {
    const { result } = renderHook(() => useCsvUpload(IDS))
    await act(() => result.current.upload(new File([new Uint8Array(20 * MB + 1)], 'big.csv')))
    expect(result.current.status).toBe('error')
    expect(result.current.message).toBe('The file is larger than the 20 MB limit.')
    expect(postWithProgress).not.toHaveBeenCalled()
  })

  it('sends a file of exactly 20 MB', async () => {
    const { result } = renderHook(() => useCsvUpload(IDS))
    await act(() => result.current.upload(new File([new Uint8Array(20 * MB)], 'full.csv')))
    expect(postWithProgress).toHaveBeenCalledTimes(1)
    expect(result.current.status).toBe('done')
  })
})

describe('CSV upload success', () => {
  it('shows the SPEC text word for word, then how many records the file stored', async () => {
    vi.mocked(postWithProgress).mockResolvedValueOnce({ message: 'ok', jobId: 7, records: 6 })
    render(
      <CsvUploadPanel
        supplierId={1}
        productTypeId={2}
        recordTypeId={3}
        recordTypeName="Meter"
        layout={null}
      />,
    )
    const input = screen.getByLabelText('CSV file')
    fireEvent.change(input, { target: { files: [new File(['serial\nA\n'], 'meters.csv')] } })
    expect(await screen.findByRole('status')).toHaveTextContent(
      'File uploaded successfully. You will be notified once the file is proccessed. 6 records stored from meters.csv.',
    )
    // The picker clears for the next file; the banner keeps the name of the one that went in.
    expect(input).toHaveValue('')
  })

  it('says record, not records, for one', async () => {
    vi.mocked(postWithProgress).mockResolvedValueOnce({ message: 'ok', jobId: 8, records: 1 })
    const { result } = renderHook(() => useCsvUpload(IDS))
    await act(() => result.current.upload(new File(['serial\nA\n'], 'one.csv')))
    expect(result.current.message).toBe(
      'File uploaded successfully. You will be notified once the file is proccessed. 1 record stored from one.csv.',
    )
  })
})
