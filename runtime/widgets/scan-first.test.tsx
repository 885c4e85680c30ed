import { createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Product, TestEquipment } from '../../schemas/records'
import { fakeServices, renderRecordForm } from '../form/test-support'

/**
 * Scan first (issue #18.3): the camera path through @zxing/browser (replaced here by a reader that
 * "decodes" `camera.text` at once) and keyboard-wedge scanners, which type a code and Enter.
 */
const camera = vi.hoisted(() => ({ text: '' }))
vi.mock('@zxing/browser', () => ({
  BrowserMultiFormatReader: class {
    async decodeFromVideoDevice(
      _device: unknown,
      _video: unknown,
      onResult: (r: { getText(): string }, e: unknown, c: { stop(): void }) => void,
    ) {
      const controls = { stop: () => undefined }
      setTimeout(() => onResult({ getText: () => camera.text }, undefined, controls), 0)
      return controls
    }
  },
}))

beforeEach(() => {
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: vi.fn() },
  })
})
afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices')
})

const product: Product = {
  id: 7,
  serialNumber: '4001',
  productSerialNumber: 'NWT:4001',
  assetModelId: 1,
  assetModel: 'Transformer',
  dateOfLastRecord: null,
  currentStatus: null,
  attributes: [],
}
const serialControl = [{ type: 'serial' as const, variable: 'serial', label: 'Serial' }]
const lookupServices = () =>
  fakeServices({
    lookupSerial: vi.fn(async (s: string) => (s === 'NWT:4001' ? product : null)),
    recentRecords: vi.fn(async () => []),
  })

describe('serial boxes and keyboard-wedge scanners', () => {
  it("reduces a wedge-typed URL to its serial on Enter, searches it, and keeps Enter from the page's form", async () => {
    const user = userEvent.setup()
    const services = lookupServices()
    const form = renderRecordForm(serialControl, { services })
    const box = screen.getByLabelText('Serial')
    await user.type(box, 'https://itr.example/Products?filter=productSerialNumber&value=NWT%3A4001')
    const enter = createEvent.keyDown(box, { key: 'Enter' })
    fireEvent(box, enter)
    expect(enter.defaultPrevented).toBe(true)
    await screen.findByRole('complementary', { name: 'Product NWT:4001' })
    expect(services.lookupSerial).toHaveBeenCalledWith('NWT:4001')
    expect(form.last().serial).toBe('NWT:4001')
    expect(box).toHaveValue('NWT:4001')
  })

  it("reads a product's QR payload with the camera, fills the box and searches", async () => {
    camera.text = '{"t":"NWT","s":"4001"}'
    const user = userEvent.setup()
    const services = lookupServices()
    const form = renderRecordForm(serialControl, { services })
    await user.click(screen.getByRole('button', { name: 'Scan Serial' }))
    await screen.findByRole('complementary', { name: 'Product NWT:4001' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(form.last().serial).toBe('NWT:4001')
  })

  it('has no Scan when the form is read-only', () => {
    renderRecordForm(serialControl, { readOnly: true, value: { serial: 'NWT:4001' } })
    expect(screen.queryByRole('button', { name: 'Scan Serial' })).toBeNull()
  })

  it('a barcode box commits on Enter (payload reduced) and leaves the page alone', async () => {
    const user = userEvent.setup()
    const form = renderRecordForm([
      { type: 'singletext', variable: 'bushing', label: 'Bushing serial', barcode: true },
    ])
    const box = screen.getByLabelText('Bushing serial')
    await user.type(box, '{{"t":"BSH","s":"77"}')
    const enter = createEvent.keyDown(box, { key: 'Enter' })
    fireEvent(box, enter)
    expect(enter.defaultPrevented).toBe(true)
    await waitFor(() => expect(form.last().bushing).toBe('BSH:77'))
    // A plain serial stays as typed.
    await user.clear(box)
    await user.type(box, 'BSH:78{Enter}')
    expect(form.last().bushing).toBe('BSH:78')
  })
})

describe('the test equipment picker', () => {
  const equipment: TestEquipment = {
    id: 3,
    serialNumberPrefix: 'TE:',
    serialNumber: { full: 'TE:0003', prefix: 'TE:', value: '0003' },
    description: 'Insulation tester',
    location: null,
    owner: null,
    assetTag: '',
    latestCalibration: null,
  }

  it("adds the item a label's QR payload names, read by the camera", async () => {
    camera.text = '{"id":3,"t":"TE","s":"0003"}'
    const user = userEvent.setup()
    const services = fakeServices({ testEquipmentById: vi.fn(async () => equipment) })
    const form = renderRecordForm([{ type: 'testEquipment', variable: 'te', label: 'Test equipment used' }], {
      services,
    })
    await user.click(screen.getByRole('button', { name: 'Scan' }))
    await screen.findByRole('listitem', { name: 'Test equipment TE:0003' })
    expect(services.testEquipmentById).toHaveBeenCalledWith(3)
    expect(form.last().te).toEqual([3])
  })

  it('adds by a wedge-typed equipment page URL and Enter', async () => {
    const user = userEvent.setup()
    const services = fakeServices({ testEquipmentById: vi.fn(async () => equipment) })
    renderRecordForm([{ type: 'testEquipment', variable: 'te', label: 'Test equipment used' }], {
      services,
    })
    await user.type(
      screen.getByLabelText('Test equipment used: test equipment ID'),
      'https://itr.example/TestEquipment/3{Enter}',
    )
    const card = await screen.findByRole('listitem', { name: 'Test equipment TE:0003' })
    expect(within(card).getByText('Insulation tester')).toBeVisible()
  })
})
