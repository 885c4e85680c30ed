import { describe, expect, it } from 'vitest'
import type { FormLayout } from '../../schemas/form-layout'
import { createDocument } from './document'
import { PALETTE, createControl, uniqueVariable } from './factories'
import { selectIssues, selectNamedIssues, selectVariables } from './selectors'
import { validateLayout } from '../../schemas/form-layout'

describe('factories', () => {
  it('offers every control kind, test fields per test type', () => {
    expect(PALETTE.map((p) => p.kind)).toEqual([
      'note',
      'group',
      'row',
      'dropdown',
      'multiselect',
      'checkbox',
      'datepicker',
      'multitext',
      'singletext',
      'serial',
      'upload',
      'timespan',
      'testField:numeric',
      'testField:selection',
      'testField:yesNo',
      'testField:passFail',
      'testEquipment',
      'calculated',
      'table',
    ])
  })

  it('creates schema-valid controls with unique variables', () => {
    const taken = new Set<string>()
    const controls = PALETTE.map((p) => {
      const control = createControl(p.kind, taken)
      if ('variable' in control && control.variable) taken.add(control.variable)
      return control
    })
    expect(validateLayout({ version: 2, title: 'All', controls })).toMatchObject({ ok: true })
    expect(createControl('checkbox', new Set(['checkbox1', 'checkbox2']))).toMatchObject({
      variable: 'checkbox3',
    })
    expect(uniqueVariable('x', new Set(['x2']))).toBe('x1')
  })
})

describe('selectIssues', () => {
  it('is empty for a sound layout', () => {
    const doc = createDocument({ version: 2, title: 'T', controls: [createControl('checkbox', new Set())] })
    expect(selectIssues(doc)).toEqual([])
    expect(selectVariables(doc)).toEqual(['checkbox1'])
  })

  it('reports schema errors, duplicates with SPEC text and rules a schema cannot state', () => {
    const layout = {
      version: 2,
      title: 'T',
      controls: [
        { type: 'checkbox', variable: 'a', label: 'A', col: 0 },
        {
          type: 'group',
          variable: 'g',
          tests: ['a', 'ghost'],
          children: [
            { type: 'checkbox', variable: 'a', label: 'A again' },
            { type: 'testField', variable: 'n', label: 'N', testType: 'numeric', min: 5, max: 1 },
            {
              type: 'testField',
              variable: 's',
              label: 'S',
              testType: 'selection',
              choices: ['x'],
              passChoice: 'y',
            },
            { type: 'timespan', variable: 'ts', label: 'Interval' },
          ],
        },
      ],
    } as FormLayout
    expect(selectIssues(createDocument(layout))).toEqual([
      { path: '/controls/0/col', message: 'must be >= 1' },
      { path: '', message: 'Variable a is already defined.' },
      { path: '/controls/1/tests', message: 'names unknown variable "ghost"' },
      { path: '/controls/1/children/1/min', message: 'must not be greater than max' },
      { path: '/controls/1/children/2/passChoice', message: 'must be one of the choices' },
      {
        path: '/controls/1/children/3/unit',
        message:
          'Unit of time is required for timespan controls, update the record type to enter Interval data',
      },
    ])
  })
})

describe('selectIssues: repeated selection choices (refused on save)', () => {
  it('names a choice listed twice before Save does', () => {
    const layout = {
      version: 2,
      title: 'T',
      controls: [
        {
          type: 'testField',
          variable: 'finish',
          label: 'Finish',
          testType: 'selection',
          choices: ['Good', 'Good'],
          passChoice: 'Good',
        },
      ],
    } as FormLayout
    const doc = createDocument(layout)
    expect(selectIssues(doc)).toEqual([
      { path: '/controls/0/choices', message: 'must all be different: "Good" is listed twice' },
    ])
    expect(selectNamedIssues(doc).map((i) => i.text)).toEqual([
      '"Finish" (finish): Choices must all be different: "Good" is listed twice',
    ])
  })
})
