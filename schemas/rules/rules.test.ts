import { describe, expect, it } from 'vitest'
import { calibrationContactsCheck, duplicateLocationsError, isEmailLike } from './owner-lists'
import {
  ownerSerialRangesCheck,
  serialRangesOverlap,
  supplierProductsError,
  supplierProductsProblem,
} from './serial-ranges'
import { diceSimilarity, similarNames, similarityLevel } from './similarity'
import { faultRepairItemsCheck } from './fault-repair-items'

describe('serial range rules', () => {
  it('overlap needs the same prefix (ignoring case) and shared serials', () => {
    expect(serialRangesOverlap({ prefix: 'A:', min: 1, max: 10 }, { prefix: 'a:', min: 10, max: 20 })).toBe(
      true,
    )
    expect(serialRangesOverlap({ prefix: 'A:', min: 1, max: 10 }, { prefix: 'A:', min: 11, max: 20 })).toBe(
      false,
    )
    expect(serialRangesOverlap({ prefix: 'A:', min: 1, max: 10 }, { prefix: 'B:', min: 1, max: 10 })).toBe(
      false,
    )
  })

  it('supplier rules give the first broken SPEC text', () => {
    const none = () => false
    expect(
      supplierProductsError([{ id: 1, serialRanges: [{ prefix: 'A:', min: 1, max: 2 }] }], none),
    ).toBeUndefined()
    expect(supplierProductsError([{ id: 0, serialRanges: [] }], none)).toBe(
      'You cannot select an empty product for this supplier',
    )
    expect(
      supplierProductsError([{ id: 1, serialRanges: [{ prefix: '', min: 1, max: 2 }] }], () => true),
    ).toBeUndefined()
    expect(supplierProductsError([{ id: 1, serialRanges: [{ prefix: null, min: 1, max: 2 }] }], none)).toBe(
      'You must provide a prefix for each serial range',
    )
    expect(
      supplierProductsError(
        [
          { id: 1, serialRanges: [] },
          { id: 1, serialRanges: [] },
        ],
        none,
        () => 'Meter',
      ),
    ).toBe('The product type: "Meter" has already been selected.')
  })

  it('owner rules drop empty ranges and require a prefix ending with the separator and max ≥ min', () => {
    expect(
      ownerSerialRangesCheck(
        [
          { prefix: ' ', min: null, max: null },
          { prefix: 'T:', min: 3, max: 3 },
        ],
        ':',
      ),
    ).toEqual({
      ranges: [{ prefix: 'T:', min: 3, max: 3 }],
    })
    expect(ownerSerialRangesCheck([{ prefix: '', min: 1, max: 2 }], ':').error).toBe(
      'Serial ranges must be given a prefix',
    )
    expect(ownerSerialRangesCheck([{ prefix: 'T', min: 1, max: 2 }], ':').error).toBe(
      "Serial range prefixes must end with ':'",
    )
    expect(ownerSerialRangesCheck([{ prefix: 'T:', min: 2, max: 1 }], ':').error).toBe(
      'Serial range maximum must be greater than or equal to minimum',
    )
  })

  it('keeps every range number within 0..2147483647, for owners and suppliers alike', () => {
    const bound = 'Serial range min and max must be whole numbers from 0 to 2147483647.'
    expect(ownerSerialRangesCheck([{ prefix: 'T:', min: 1, max: 1e300 }], ':').error).toBe(bound)
    expect(ownerSerialRangesCheck([{ prefix: 'T:', min: -1, max: 5 }], ':').error).toBe(bound)
    expect(ownerSerialRangesCheck([{ prefix: 'T:', min: 0, max: 2147483647 }], ':').error).toBeUndefined()
    const supplier = (max: number) =>
      supplierProductsError([{ id: 1, serialRanges: [{ prefix: 'A:', min: 1, max }] }], () => false)
    expect(supplier(2147483648)).toBe(bound)
    expect(supplier(2147483647)).toBeUndefined()
  })

  it('says which product, range and fields break a rule, so the screen can mark them', () => {
    const none = () => false
    const products = [
      { id: 1, serialRanges: [{ prefix: 'A:', min: 1, max: 2 }] },
      {
        id: 2,
        serialRanges: [
          { prefix: 'B:', min: 1, max: 9 },
          { prefix: 'B:', min: 5, max: 2147483648 },
        ],
      },
    ]
    expect(supplierProductsProblem(products, none)).toEqual({
      message: 'Serial range min and max must be whole numbers from 0 to 2147483647.',
      product: 1,
      range: 1,
      fields: ['max'],
    })
    products[1].serialRanges[1] = { prefix: 'B:', min: 9, max: 3 }
    expect(supplierProductsProblem(products, none)).toMatchObject({
      product: 1,
      range: 1,
      fields: ['min', 'max'],
    })
    expect(
      supplierProductsProblem([{ id: 1, serialRanges: [{ prefix: 'A:', min: null, max: 2 }] }], none),
    ).toMatchObject({ product: 0, range: 0, fields: ['min'] })
    expect(supplierProductsProblem([products[0], { id: 0, serialRanges: [] }], none)).toMatchObject({
      product: 1,
      fields: [],
    })
    expect(
      ownerSerialRangesCheck(
        [
          { prefix: '', min: null, max: null },
          { prefix: 'T', min: 1, max: 2 },
        ],
        ':',
      ).problem,
    ).toEqual({ message: "Serial range prefixes must end with ':'", range: 1, fields: ['prefix'] })
  })
})

describe('owner list rules', () => {
  it('lists duplicate locations after the SPEC text', () => {
    expect(duplicateLocationsError(['Depot', 'Lab', 'depot ', 'lab'])).toBe(
      'Please remove the following duplicate locations: Depot, Lab',
    )
    expect(duplicateLocationsError(['Depot', 'Lab'])).toBeUndefined()
  })

  it('checks contacts look like e-mail addresses and are not repeated', () => {
    expect(isEmailLike('a.b@c.example')).toBe(true)
    expect(isEmailLike('a@b')).toBe(false)
    // Nothing a mailer's address parser reads as another recipient, a display name, a comment or a group.
    for (const text of [
      'x,evil@attacker.example',
      'x;y@c.example',
      '"x"@c.example',
      'x<y@c.example',
      'x@c.example>',
      'x(y)@c.example',
      'x:y@c.example',
      'x\\y@c.example',
      'x@[c].example',
      'x\u0001@c.example',
      'x\ty@c.example',
    ])
      expect(isEmailLike(text), text).toBe(false)
    // Invisible characters that make an address read otherwise than it is: C1 controls, zero-width, bidi.
    for (const text of ['x\u0085@c.example', 'x\u200b@c.example', 'x\u202e@c.example', 'x@c\ufeff.example'])
      expect(isEmailLike(text), JSON.stringify(text)).toBe(false)
    expect(isEmailLike("o'brien+cal_1@sub.c-d.example")).toBe(true)
    expect(isEmailLike('jörg@straße.example')).toBe(true)
    expect(calibrationContactsCheck(['a@b.c', '', 'bad']).error).toBe(
      'The following contacts do not have a valid email address: bad',
    )
    expect(calibrationContactsCheck(['a@b.c', 'A@B.C']).error).toBe(
      'Please remove the following duplicate contacts: a@b.c',
    )
    expect(calibrationContactsCheck([' a@b.c ', '']).contacts).toEqual(['a@b.c'])
  })
})

describe('similar owner names (bigram Dice)', () => {
  it('scores 1 for the same name ignoring case, 0 for nothing shared', () => {
    expect(diceSimilarity('Western Grid', 'western grid')).toBe(1)
    expect(diceSimilarity('abc', 'xyz')).toBe(0)
    expect(diceSimilarity('night', 'nacht')).toBeCloseTo(0.25)
  })

  it('marks warning at 0.4 and danger at 0.9', () => {
    expect(similarityLevel(0.39)).toBeUndefined()
    expect(similarityLevel(0.4)).toBe('warning')
    expect(similarityLevel(0.9)).toBe('danger')
    const found = similarNames('Western Grid Services', [
      { name: 'Western Grid Service' },
      { name: 'Fabrikam Meters' },
      { name: 'Western Grid North' },
    ])
    expect(found.map((f) => [f.item.name, f.level])).toEqual([
      ['Western Grid Service', 'danger'],
      ['Western Grid North', 'warning'],
    ])
  })
})

describe('survey/repair item rules', () => {
  it('requires names and rejects duplicates within a product type', () => {
    expect(faultRepairItemsCheck([' Leak ']).names).toEqual(['Leak'])
    expect(faultRepairItemsCheck(['Leak', '']).error).toBe(
      'You must provide a name for the Survey/Repair type.',
    )
    expect(faultRepairItemsCheck(['Leak', 'LEAK']).error).toBe(
      'Please remove the following duplicate survey/repair items: Leak',
    )
  })
})
