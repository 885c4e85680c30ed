import { describe, expect, it } from 'vitest'
import { equipmentCodeOf, parseScannedCode, serialFromCode, serialText } from './scan-code'

describe('parseScannedCode (SPEC §3 QR payloads, issue #18.3)', () => {
  it("reads a test equipment label's {id,t,s}", () => {
    expect(parseScannedCode('{"id":3,"t":"TE","s":"1001"}')).toEqual({
      kind: 'equipment',
      id: 3,
      serial: 'TE:1001',
    })
  })

  it("reads a product's serial number text form {t,s} as prefix:serial", () => {
    expect(parseScannedCode(' {"t":"NWT","s":"4001"} ')).toEqual({ kind: 'serial', serial: 'NWT:4001' })
    expect(parseScannedCode('{"t":"","s":"55"}')).toEqual({ kind: 'serial', serial: '55' })
    expect(parseScannedCode('{"t":"NWT:","s":4001}')).toEqual({ kind: 'serial', serial: 'NWT:4001' })
  })

  it("reads the app's URLs: the Home search's address and an equipment page", () => {
    expect(
      parseScannedCode('https://itr.example/Products?filter=productSerialNumber&value=NWT%3A4001'),
    ).toEqual({ kind: 'serial', serial: 'NWT:4001' })
    expect(parseScannedCode('http://host/Records?filter=productSerialNumber&value=NWT:7')).toEqual({
      kind: 'serial',
      serial: 'NWT:7',
    })
    expect(parseScannedCode('https://itr.example/TestEquipment/12')).toEqual({ kind: 'equipment', id: 12 })
  })

  it('takes anything else as the serial typed, trimmed; nothing for an empty code', () => {
    expect(parseScannedCode('  NWT:4001\n')).toEqual({ kind: 'serial', serial: 'NWT:4001' })
    expect(parseScannedCode('{not json')).toEqual({ kind: 'serial', serial: '{not json' })
    expect(parseScannedCode('https://elsewhere.example/page')).toEqual({
      kind: 'serial',
      serial: 'https://elsewhere.example/page',
    })
    expect(parseScannedCode('   ')).toBeNull()
  })
})

describe('serialFromCode', () => {
  it('reduces a payload or URL typed by a wedge scanner to its serial', () => {
    expect(serialFromCode('https://itr.example/Products?filter=productSerialNumber&value=NWT%3A4001')).toBe(
      'NWT:4001',
    )
    expect(serialFromCode('{"id":3,"t":"TE","s":"1001"}')).toBe('TE:1001')
    expect(serialFromCode(' NWT:4001 ')).toBe('NWT:4001')
    expect(serialFromCode('https://itr.example/TestEquipment/12')).toBe(
      'https://itr.example/TestEquipment/12',
    )
  })
})

describe('equipmentCodeOf', () => {
  it('names an id by label payload, URL or bare number, else a serial', () => {
    expect(equipmentCodeOf('{"id":3,"t":"TE","s":"1001"}')).toEqual({ id: 3 })
    expect(equipmentCodeOf('https://itr.example/TestEquipment/12')).toEqual({ id: 12 })
    expect(equipmentCodeOf(' 42 ')).toEqual({ id: 42 })
    expect(equipmentCodeOf('TE:1001')).toEqual({ serial: 'TE:1001' })
    expect(equipmentCodeOf('')).toBeNull()
  })
})

describe('serialText', () => {
  it('joins prefix and value with one separator', () => {
    expect(serialText('TE', '1001')).toBe('TE:1001')
    expect(serialText('TE:', '1001')).toBe('TE:1001')
    expect(serialText('', '1001')).toBe('1001')
  })
})
