import { describe, expect, it } from 'vitest'
import {
  caseParamsOf,
  casesParamsOf,
  casesViewOf,
  caseViewOf,
  listHref,
  rememberListSearch,
} from './cases-url'
import { casesEmptyText } from './use-impact-cases-list'

const P = (s: string) => new URLSearchParams(s)
const q = (page = 0, sort?: 'asc' | 'desc') => ({
  page,
  size: 10,
  filter: {},
  sort: sort ? { field: 'id', direction: sort } : undefined,
})

describe('/ImpactCases in the URL', () => {
  it('reads status, the sort on the case number and the 1-based page; anything else is ignored', () => {
    expect(casesViewOf(P(''))).toEqual({ status: '', query: q() })
    expect(casesViewOf(P('status=closed&sort=id.asc&page=3'))).toEqual({
      status: 'closed',
      query: q(2, 'asc'),
    })
    expect(casesViewOf(P('status=OPEN'))).toEqual({ status: 'open', query: q() })
    expect(casesViewOf(P('status=lost&sort=device.asc&page=x'))).toEqual({ status: '', query: q() })
  })

  it('writes only what differs from the default, keeping other parameters', () => {
    expect(casesParamsOf({ status: '', query: q() }, P('')).toString()).toBe('')
    expect(casesParamsOf({ status: 'open', query: q(1, 'desc') }, P('x=1')).toString()).toBe(
      'x=1&status=open&sort=id.desc&page=2',
    )
    expect(casesParamsOf({ status: '', query: q() }, P('status=open&page=2')).toString()).toBe('')
  })

  it("gives the case page's Back link the list as last shown", () => {
    rememberListSearch('')
    expect(listHref()).toBe('/ImpactCases')
    rememberListSearch('status=closed&page=2')
    expect(listHref()).toBe('/ImpactCases?status=closed&page=2')
  })

  it('says an empty list is for want of a calibration only when nothing narrows it', () => {
    expect(casesEmptyText('open', 0)).toBe('No impact cases match these filters.')
    expect(casesEmptyText('', 0)).toBe('No impact cases: no calibration has found a device out of tolerance.')
    expect(casesEmptyText('', 4)).toBe('No impact cases on this page.')
  })
})

describe('/ImpactCases/{id} in the URL', () => {
  it('reads and writes the records filter (?show=) and page', () => {
    expect(caseViewOf(P(''))).toEqual({ state: '', page: 0 })
    expect(caseViewOf(P('show=retest&page=2'))).toEqual({ state: 'retest', page: 1 })
    expect(caseViewOf(P('show=maybe'))).toEqual({ state: '', page: 0 })
    expect(caseParamsOf({ state: 'recall', page: 0 }, P('page=3')).toString()).toBe('show=recall')
    expect(caseParamsOf({ state: '', page: 1 }, P('show=accept')).toString()).toBe('page=2')
  })
})
