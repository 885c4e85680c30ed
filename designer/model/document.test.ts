import { describe, expect, it } from 'vitest'
import { addControl } from './commands'
import { createDocument, openDocument, serializeDocument } from './document'

describe('openDocument / serializeDocument', () => {
  it('round-trips a document through the stored attribute texts', () => {
    const doc = addControl(createDocument(), 'serial', [], 0)
    const stored = serializeDocument(doc)
    expect(openDocument(stored.layout, stored.mappings)).toEqual({
      ok: true,
      doc: { layout: doc.layout, mappings: doc.mappings, version: 0 },
    })
  })

  it('migrates a legacy layout and starts empty when nothing is stored', () => {
    const legacy = openDocument(
      '{"title":"Old","controls":[{"type":"testfield","variable":"t","testType":"yesno"}]}',
      '',
    )
    expect(legacy).toMatchObject({
      ok: true,
      doc: {
        layout: { version: 2, controls: [{ id: 'c1', type: 'testField', testType: 'yesNo', label: 't' }] },
        mappings: {},
      },
    })
    expect(openDocument(undefined, null)).toEqual({ ok: true, doc: createDocument() })
  })

  it('reports broken JSON and invalid content with where it is', () => {
    const result = openDocument('{', { serialField: 3 })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.issues[0].path).toBe('layout')
    expect(result.issues[1]).toEqual({ path: 'mappings/serialField', message: 'must be string' })
  })
})
