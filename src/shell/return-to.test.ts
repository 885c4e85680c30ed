import { describe, expect, it } from 'vitest'
import { returnPath } from './return-to'

const ORIGIN = 'https://itr.example.com'

describe('returnPath', () => {
  it('goes back to a page of this app the view may open, with its query and hash', () => {
    expect(returnPath('/Records?filter=x&value=1#top', ORIGIN)).toBe('/Records?filter=x&value=1#top')
  })

  it('goes to a page the new view may not open, where the shell says so (not Home without a word)', () => {
    expect(returnPath('/Records/5', ORIGIN)).toBe('/Records/5')
  })

  it.each([
    ['//evil.example/', 'protocol-relative'],
    ['/\\evil.example/', 'a backslash the browser reads as a slash'],
    ['/\t/evil.example/Home', 'a tab the browser drops'],
    ['/\n/evil.example/Home', 'a line break the browser drops'],
    ['\\/evil.example/', 'a leading backslash'],
    ['https://evil.example/Home', 'an absolute address'],
    ['javascript:alert(1)', 'a script'],
    ['', 'nothing'],
  ])('never leaves the site: %j (%s)', (returnTo) => {
    expect(returnPath(returnTo, ORIGIN)).toBe('/Home')
    expect(returnPath(returnTo, ORIGIN)).not.toContain('evil')
  })

  it('goes Home without a returnTo', () => {
    expect(returnPath(null, ORIGIN)).toBe('/Home')
  })
})
