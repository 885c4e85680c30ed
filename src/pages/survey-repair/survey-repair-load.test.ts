import { afterEach, describe, expect, it, vi } from 'vitest'
import { MESSAGES } from '../../../schemas/messages'
import { surveyRepairApi } from './survey-repair-api'
import { loadOriginal } from './survey-repair-load'
import { editLink } from './survey-repair-routes'

const signal = new AbortController().signal

function stored(descriptiveType: string | null) {
  vi.spyOn(surveyRepairApi, 'descriptive').mockResolvedValue({
    id: 9,
    name: 'Quote for full refurbishment',
    descriptiveType,
  } as never)
}

afterEach(() => vi.restoreAllMocks())

describe('survey/repair edit: loading a descriptive (audit h-admin F2)', () => {
  it.each(['Fault', 'Repair', 'Quotation'])(
    'opens a %s descriptive under either descriptive URL type, with its stored category',
    async (category) => {
      stored(category)
      for (const urlType of ['rdesc', 'fdesc'] as const)
        await expect(loadOriginal(9, urlType, undefined, signal)).resolves.toEqual({
          kind: 'descriptive',
          name: 'Quote for full refurbishment',
          descriptiveType: category,
        })
    },
  )

  it("refuses a descriptive without a known category with SPEC §8's text", async () => {
    for (const category of [null, '', 'Bogus', 'toString']) {
      stored(category)
      await expect(loadOriginal(9, 'rdesc', undefined, signal)).rejects.toThrow(
        MESSAGES.surveyRepair.invalidCategory,
      )
    }
  })

  it('links a Fault descriptive with fdesc and Repair and Quotation ones with rdesc (SPEC §2)', () => {
    const entry = (descriptiveType: string) =>
      ({
        id: 9,
        faultRepairType: 'Descriptive',
        name: 'x',
        productTypeId: null,
        productTypeName: null,
        descriptiveType,
      }) as never
    expect(editLink('/SurveyRepairTypes', entry('Fault'))).toBe('/SurveyRepairTypes/9?type=fdesc')
    expect(editLink('/SurveyRepairTypes', entry('Repair'))).toBe('/SurveyRepairTypes/9?type=rdesc')
    expect(editLink('/FaultRepairTypes', entry('Quotation'))).toBe('/FaultRepairTypes/9?type=rdesc')
  })
})
