import { describe, expect, it } from 'vitest'
import { UploadQueue } from './upload-lock'

const tick = () => new Promise((resolve) => setTimeout(resolve, 5))

/** The in-instance queue of CSV uploads per product type (upload-lock.ts). */
describe('UploadQueue', () => {
  it('runs uploads of one type one after the other, of other types alongside', async () => {
    const queue = new UploadQueue()
    const log: string[] = []
    const job = (name: string, ms: number) => async () => {
      log.push(`${name} start`)
      await new Promise((resolve) => setTimeout(resolve, ms))
      log.push(`${name} end`)
      return name
    }
    const answers = await Promise.all([
      queue.run([1], job('a', 20)),
      queue.run([1], job('b', 5)),
      queue.run([2], job('c', 5)),
    ])
    expect(answers).toEqual(['a', 'b', 'c'])
    expect(log.indexOf('b start')).toBeGreaterThan(log.indexOf('a end'))
    expect(log.indexOf('c start')).toBeLessThan(log.indexOf('a end'))
    expect(queue.busyTypes).toBe(0)
  })

  it('never waits in a cycle: types are taken in ascending order, whatever order they are given in', async () => {
    const queue = new UploadQueue()
    let release!: () => void
    const held = queue.run([1], () => new Promise<void>((resolve) => (release = resolve)))
    const both = [queue.run([2, 1], async () => 'x'), queue.run([1, 2], async () => 'y')]
    await tick()
    release()
    expect(await Promise.all([held, ...both])).toEqual([undefined, 'x', 'y'])
  })

  it('lets the next upload run when one fails', async () => {
    const queue = new UploadQueue()
    const failed = queue.run([3], async () => {
      throw new Error('bad row')
    })
    await expect(failed).rejects.toThrow('bad row')
    expect(await queue.run([3], async () => 'next')).toBe('next')
    expect(queue.busyTypes).toBe(0)
  })
})
