import { act, cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { DocumentInfo, Product, TestEquipment } from '../../schemas/records'
import type { UploadOptions } from '../form/services'
import { fakeServices, renderRecordForm } from '../form/test-support'

describe('DropdownWidget sources and endpoints', () => {
  it('lists a named source through the services (customers on {meta})', async () => {
    const services = fakeServices({
      fetchJson: vi.fn(async () => [
        { id: 1, name: 'Northern Grid' },
        { id: 2, name: 'Southern Power' },
      ]),
    })
    const user = userEvent.setup()
    const form = renderRecordForm(
      [{ type: 'dropdown', variable: 'customer', label: 'Customer', source: 'customers' }],
      { services },
    )
    await screen.findByRole('option', { name: 'Southern Power' })
    expect(services.fetchJson).toHaveBeenCalledWith('meta', '/api/Customers')
    await user.selectOptions(screen.getByLabelText('Customer'), 'Southern Power')
    expect(form.last().customer).toBe('Southern Power')
  })

  it('reads fault items from the product type attribute (a JSON list of names)', async () => {
    const services = fakeServices({
      context: { productTypeId: 100200 },
      fetchJson: vi.fn(async () => ({ key: 'FaultRepairItems', value: '["Bushing","Gasket"]' })),
    })
    renderRecordForm([{ type: 'dropdown', variable: 'fault', label: 'Fault', source: 'faultItems' }], {
      services,
    })
    await screen.findByRole('option', { name: 'Gasket' })
    expect(services.fetchJson).toHaveBeenCalledWith(
      'meta',
      '/api/AssetModels/attributes/100200/FaultRepairItems',
    )
  })

  it('asks an endpoint again when the variable in its URL changes, and filters by filterfield', async () => {
    const services = fakeServices({
      fetchJson: vi.fn(async (_host: string, path: string) =>
        path.includes('/North/')
          ? [
              { name: 'Bay 1', kind: 'indoor' },
              { name: 'Bay 2', kind: 'outdoor' },
            ]
          : [{ name: 'Yard', kind: 'outdoor' }],
      ),
    })
    const user = userEvent.setup()
    renderRecordForm(
      [
        { type: 'dropdown', variable: 'site', label: 'Site', values: ['North', 'South'] },
        { type: 'dropdown', variable: 'kind', label: 'Kind', values: ['indoor', 'outdoor'] },
        {
          type: 'dropdown',
          variable: 'location',
          label: 'Location',
          endpoint: {
            name: 'l',
            api: '/api/sites/{site}/locations',
            urlParams: [{ type: 'variable', name: 'site', field: 'site' }],
          },
          filterfield: 'kind',
          filtervalue: 'kind',
        },
      ],
      { services },
    )
    expect(screen.getByText('Choose Site first.')).toBeVisible()
    expect(services.fetchJson).not.toHaveBeenCalled()
    await user.selectOptions(screen.getByLabelText('Site'), 'North')
    await screen.findByRole('option', { name: 'Bay 2' })
    expect(services.fetchJson).toHaveBeenLastCalledWith('meta', '/api/sites/North/locations')
    await user.selectOptions(screen.getByLabelText('Kind'), 'outdoor')
    const location = screen.getByLabelText('Location')
    expect(within(location).queryByRole('option', { name: 'Bay 1' })).toBeNull()
    await user.selectOptions(screen.getByLabelText('Site'), 'South')
    await within(location).findByRole('option', { name: 'Yard' })
    expect(services.fetchJson).toHaveBeenLastCalledWith('meta', '/api/sites/South/locations')
  })

  it('says when a list cannot be loaded', async () => {
    const services = fakeServices({ fetchJson: vi.fn(async () => Promise.reject(new Error('Service down'))) })
    renderRecordForm([{ type: 'dropdown', variable: 'c', label: 'Calibrator', source: 'calibrators' }], {
      services,
    })
    expect(await screen.findByText('The list could not be loaded: Service down')).toBeVisible()
    expect(services.fetchJson).toHaveBeenCalledWith('itr', '/api/calibrators')
  })
})

const product: Product = {
  id: 7,
  serialNumber: '1001',
  productSerialNumber: 'NWT:1001',
  assetModelId: 1,
  assetModel: 'Transformer',
  dateOfLastRecord: '2025-03-14T09:30:00Z',
  currentStatus: 'fail',
  attributes: [],
}

describe('SerialWidget', () => {
  it("shows 'Could not find serial number.' for an unknown serial", async () => {
    const user = userEvent.setup()
    const services = fakeServices({ lookupSerial: vi.fn(async () => null) })
    renderRecordForm([{ type: 'serial', variable: 'serial', label: 'Serial' }], { services })
    await user.type(screen.getByLabelText('Serial'), 'NWT:9999{Enter}')
    expect(await screen.findByRole('status')).toHaveTextContent('Could not find serial number.')
    expect(services.lookupSerial).toHaveBeenCalledWith('NWT:9999')
    // A serial not yet known is a new product, not a wrong entry: the box is not marked invalid.
    expect(screen.getByLabelText('Serial')).not.toHaveAttribute('aria-invalid')
    expect(screen.getByLabelText('Serial')).not.toHaveClass('is-invalid')
  })

  it('once found, shows status, last record date and the last five records of this record type', async () => {
    const user = userEvent.setup()
    const records = Array.from({ length: 6 }, (_, i) => ({
      recordId: i + 1,
      recordTypeId: 3,
      productSerialNumber: 'NWT:1001',
      recordTypeName: 'Routine',
      testResult: i % 2 ? ('fail' as const) : ('pass' as const),
      recordDate: `2025-0${i + 1}-01T08:00:00Z`,
    }))
    const services = fakeServices({
      context: { recordTypeId: 3 },
      lookupSerial: vi.fn(async () => product),
      recentRecords: vi.fn(async () => records),
      recordsHref: (s) => `/Records?filter=productSerialNumber&value=${s}`,
    })
    renderRecordForm([{ type: 'serial', variable: 'serial', label: 'Serial' }], { services })
    await user.type(screen.getByLabelText('Serial'), 'NWT:1001')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    const panel = await screen.findByRole('complementary', { name: 'Product NWT:1001' })
    await within(panel).findByText('01/01/2025 08:00')
    expect(panel).toHaveTextContent('Last record: 14/03/2025 09:30')
    expect(panel).toHaveTextContent('Status ✗ Fail')
    expect(within(panel).getAllByRole('listitem')).toHaveLength(5)
    expect(services.recentRecords).toHaveBeenCalledWith(product, 3, 5)
    expect(screen.getByRole('link', { name: 'Records' })).toHaveAttribute(
      'href',
      '/Records?filter=productSerialNumber&value=NWT:1001',
    )
  })
})

describe('SerialWidget: what counts for the product, as /Products says it (walk 14)', () => {
  /** Searches `found` and answers the panel, with no earlier records of this record type. */
  async function panelOf(found: Product) {
    const user = userEvent.setup()
    const services = fakeServices({
      context: { recordTypeId: 3 },
      lookupSerial: vi.fn(async () => found),
      recentRecords: vi.fn(async () => []),
    })
    renderRecordForm([{ type: 'serial', variable: 'serial', label: 'Serial' }], { services })
    await user.type(screen.getByLabelText('Serial'), `${found.productSerialNumber}{Enter}`)
    const panel = await screen.findByRole('complementary', { name: `Product ${found.productSerialNumber}` })
    await within(panel).findByText('None')
    return panel
  }
  const waiting: Product = {
    ...product,
    id: 18,
    serialNumber: '101',
    productSerialNumber: 'CRM:101',
    dateOfLastRecord: null,
    currentStatus: null,
    pendingReview: true,
  }

  it("a product whose only record waits for review: not 'No records yet' but pending review", async () => {
    const panel = await panelOf(waiting)
    expect(panel).toHaveTextContent('Last record: No approved record yet')
    expect(panel).not.toHaveTextContent('No records yet')
    expect(within(panel).getByText('pending review')).toHaveClass('badge')
    expect(panel).toHaveTextContent('Status n/a pending review')
  })

  it('a newer record waiting beside an approved one: its date, and pending review', async () => {
    const panel = await panelOf({ ...product, pendingReview: true })
    expect(panel).toHaveTextContent('Last record: 14/03/2025 09:30')
    expect(within(panel).getByText('pending review')).toBeVisible()
  })

  it('no record at all: No records yet, and no flag', async () => {
    const panel = await panelOf({ ...waiting, pendingReview: false })
    expect(panel).toHaveTextContent('Last record: No records yet')
    expect(within(panel).queryByText('pending review')).toBeNull()
  })

  it('a recall, else a retest, as /Products shows them', async () => {
    const panel = await panelOf({ ...product, recalled: true, retestRequired: true })
    expect(within(panel).getByText('Recalled')).toHaveClass('badge', 'text-bg-danger')
    expect(within(panel).queryByText('Retest required')).toBeNull()
    cleanup()
    const retest = await panelOf({ ...product, retestRequired: true })
    expect(within(retest).getByText('Retest required')).toHaveClass('badge', 'text-bg-warning')
  })
})

describe('UploadWidget', () => {
  it('flags a file with another extension and sends nothing', async () => {
    const user = userEvent.setup({ applyAccept: false })
    const services = fakeServices()
    const form = renderRecordForm([{ type: 'upload', variable: 'photo', label: 'Photo' }], { services })
    await user.upload(
      screen.getByLabelText('Photo'),
      new File(['x'], 'virus.exe', { type: 'application/x-msdownload' }),
    )
    expect(screen.getByRole('alert')).toHaveTextContent(
      'virus.exe is not an accepted file type (.docx .png .svg .xls .zip .pdf).',
    )
    expect(services.uploadDocument).not.toHaveBeenCalled()
    expect(form.changes).toEqual([])
  })

  it("refuses a file over the size limit before sending it, with the server's text (audit h-entry F9)", async () => {
    const user = userEvent.setup()
    const services = fakeServices()
    const form = renderRecordForm(
      [{ type: 'upload', variable: 'report', label: 'Report', documentType: 'signedReport' }],
      { services },
    )
    const big = new File(['%PDF-1.4'], 'report.pdf', { type: 'application/pdf' })
    // 30 MB without allocating it: only the size is read before sending.
    Object.defineProperty(big, 'size', { value: 30 * 1024 * 1024 })
    await user.upload(screen.getByLabelText('Report'), big)
    expect(screen.getByRole('alert')).toHaveTextContent(/^The file is larger than the 20 MB limit\.$/)
    expect(services.uploadDocument).not.toHaveBeenCalled()
    expect(form.changes).toEqual([])
  })

  it('accepts only PDF for document controls', async () => {
    const user = userEvent.setup({ applyAccept: false })
    renderRecordForm([
      { type: 'upload', variable: 'cert', label: 'Certificate', documentType: 'calibrationCertificate' },
    ])
    await user.upload(
      screen.getByLabelText('Certificate'),
      new File(['x'], 'cert.png', { type: 'image/png' }),
    )
    expect(screen.getByRole('alert')).toHaveTextContent('cert.png is not an accepted file type (.pdf).')
  })

  it('shows progress while pending, previews an image, and stores the document when done', async () => {
    const user = userEvent.setup()
    let progress: (p: number) => void = () => undefined
    let finish: () => void = () => undefined
    URL.createObjectURL = vi.fn(() => 'blob:preview')
    URL.revokeObjectURL = vi.fn()
    const services = fakeServices({
      uploadDocument: vi.fn((file: File, options: UploadOptions) => {
        progress = options.onProgress
        return new Promise<DocumentInfo>((resolve) => {
          finish = () =>
            resolve({
              originalFilename: file.name,
              savedFilename: 'abc.png',
              contentType: 'image/png',
              documentType: null,
            })
        })
      }),
      downloadDocument: vi.fn(async () => new Blob(['png'])),
    })
    const form = renderRecordForm([{ type: 'upload', variable: 'photo', label: 'Photo' }], { services })
    await user.upload(screen.getByLabelText('Photo'), new File(['png'], 'plate.png', { type: 'image/png' }))
    expect(services.uploadDocument).toHaveBeenCalledWith(
      expect.any(File),
      expect.objectContaining({ pdfOnly: false }),
    )
    act(() => progress(40))
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40')
    expect(screen.getByAltText('Preview of plate.png')).toHaveAttribute('src', 'blob:preview')
    await act(async () => finish())
    expect(form.last().photo).toEqual({
      originalFilename: 'plate.png',
      savedFilename: 'abc.png',
      contentType: 'image/png',
    })
    expect(await screen.findByText('Uploaded')).toBeVisible()
    expect(screen.queryByRole('progressbar')).toBeNull()
  })

  it('opens a stored document in the viewer with Download and Close, or says it cannot', async () => {
    const user = userEvent.setup()
    const services = fakeServices({ downloadDocument: vi.fn(async () => Promise.reject(new Error('gone'))) })
    renderRecordForm([{ type: 'upload', variable: 'report', label: 'Report' }], {
      services,
      value: {
        report: { savedFilename: 'r.pdf', contentType: 'application/pdf', originalFilename: 'report.pdf' },
      },
    })
    await user.click(screen.getByRole('button', { name: 'View' }))
    const dialog = await screen.findByRole('dialog')
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Could not load document at this time')
    expect(within(dialog).getByText('Download')).toBeVisible()
    // The footer's Close (the header's × is also named Close).
    await user.click(within(dialog).getByText('Close'))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })
})

const item = (id: number, cal: TestEquipment['latestCalibration']): TestEquipment => ({
  id,
  serialNumberPrefix: 'TE:',
  serialNumber: { full: `TE:000${id}`, prefix: 'TE:', value: `000${id}` },
  description: 'Insulation tester',
  location: null,
  owner: null,
  assetTag: '',
  latestCalibration: cal,
})

describe('TestEquipmentWidget', () => {
  const controls = [{ type: 'testEquipment' as const, variable: 'te', label: 'Test equipment used', min: 2 }]

  it('adds by ID, shows a card per item, and reports each SPEC §8 failure', async () => {
    const user = userEvent.setup()
    const services = fakeServices({
      testEquipmentById: vi.fn(async (id: number) =>
        id === 1 ? item(1, { skipped: true, date: null, expires: null, calibrator: null }) : null,
      ),
      testEquipmentBySerial: vi.fn(async (serial: string) => {
        if (serial === 'TE:BROKEN') throw new Error('500')
        return []
      }),
    })
    const form = renderRecordForm(controls, { services })
    const box = screen.getByPlaceholderText('Test equipment ID')
    await user.type(box, '1{Enter}')
    const card = await screen.findByRole('listitem', { name: 'Test equipment TE:0001' })
    expect(card).toHaveTextContent('Calibration not required')
    expect(card).toHaveTextContent('Asset tag Unknown · Unknown Location')
    expect(form.last().te).toEqual([1])

    await user.type(box, '5{Enter}')
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not find test equipment with ID 5')
    await user.clear(box)
    await user.type(box, 'TE:0404{Enter}')
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Could not find any test equipment with this serial number. Please ensure this device has been created.',
      ),
    )
    await user.clear(box)
    await user.type(box, 'TE:BROKEN{Enter}')
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Unable to find test equipment for serial number TE:BROKEN at this time',
      ),
    )
    expect(form.last().te).toEqual([1])

    let errors: Record<string, string[]> = {}
    act(() => {
      errors = form.handle.current!.validate()
    })
    expect(errors.te).toEqual(['At least 2 test equipment required for Test equipment used'])
    expect(screen.getByText('At least 2 test equipment required for Test equipment used')).toBeVisible()
  })

  it("says 'An error occurred while loading test equipment' for a stored item that fails to load", async () => {
    const services = fakeServices({ testEquipmentById: vi.fn(async () => Promise.reject(new Error('down'))) })
    renderRecordForm(controls, { services, value: { te: [9] } })
    const card = await screen.findByRole('listitem', { name: 'Test equipment ID 9' })
    await within(card).findByText('An error occurred while loading test equipment')
    expect(card).toHaveTextContent('No device found')
    expect(card).toHaveAttribute('data-calibration', 'noDevice')
  })

  it("scan modal 'Scan Test Equipment Barcode' falls back to typed entry without a camera", async () => {
    const user = userEvent.setup()
    const services = fakeServices({
      testEquipmentById: vi.fn(async (id: number) => item(id, null)),
    })
    const form = renderRecordForm(controls, { services })
    await user.click(screen.getByRole('button', { name: 'Scan' }))
    const dialog = await screen.findByRole('dialog', { name: 'Scan Test Equipment Barcode' })
    expect(await within(dialog).findByText('No camera is available. Type the code instead.')).toBeVisible()
    // A label's QR payload names the item by id.
    await user.type(
      within(dialog).getByLabelText('Test equipment ID or serial number'),
      '{{"id":3,"t":"TE","s":"0003"}',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Use this code' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(await screen.findByRole('listitem', { name: 'Test equipment TE:0003' })).toHaveTextContent(
      'Not calibrated',
    )
    expect(services.testEquipmentById).toHaveBeenCalledWith(3)
    expect(form.last().te).toEqual([3])
  })

  it('locked and read-only forms cannot add or remove test equipment', async () => {
    const services = fakeServices({ testEquipmentById: vi.fn(async (id: number) => item(id, null)) })
    renderRecordForm(controls, { services, value: { te: [1] }, locked: true })
    await screen.findByRole('listitem', { name: 'Test equipment TE:0001' })
    expect(screen.queryByPlaceholderText('Test equipment ID')).toBeNull()
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull()
  })
})
