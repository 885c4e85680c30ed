import { act, renderHook, waitFor } from '@testing-library/react'
import type * as RouterModule from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type * as client from '../../api/client'
import { api } from '../../api/client'
import { MESSAGES } from '../../../schemas/messages'
import { useCalibrators } from './use-calibrators'

vi.mock('../../api/client', async (original) => ({
  ...(await original<typeof client>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}))
vi.mock('react-router-dom', async (original) => ({
  ...(await original<typeof RouterModule>()),
  // The unsaved-changes guard needs a data router; unsaved-guard.test.tsx checks it in one.
  useBlocker: () => ({ state: 'unblocked' }),
}))
const mocked = vi.mocked(api)

beforeEach(() => {
  vi.clearAllMocks()
  mocked.get.mockResolvedValue([{ id: 3, name: 'Precision Calibration Ltd' }])
  mocked.post.mockResolvedValue(9)
  mocked.delete.mockResolvedValue(undefined)
})

async function load() {
  const hook = renderHook(() => useCalibrators())
  await waitFor(() => expect(hook.result.current.rows).toHaveLength(1))
  return hook
}

describe('useCalibrators', () => {
  it('deletes an unsaved row locally without any call', async () => {
    const { result } = await load()
    act(() => void result.current.add())
    await act(() => result.current.remove(result.current.rows[0]))
    expect(result.current.rows.map((r) => r.name)).toEqual(['Precision Calibration Ltd'])
    expect(result.current.notice?.text).toBe(MESSAGES.calibrator.notSaved)
    expect(mocked.delete).not.toHaveBeenCalled()
  })

  it('refuses a blank name before any call, then saves only the name', async () => {
    const { result } = await load()
    act(() => void result.current.add())
    await act(() => result.current.save(result.current.rows[0]))
    expect(result.current.notice?.text).toBe(MESSAGES.calibrator.nameRequired)
    expect(mocked.post).not.toHaveBeenCalled()
    act(() => result.current.setDraft(result.current.rows[0], ' Lab '))
    await act(() => result.current.save(result.current.rows[0]))
    expect(mocked.post).toHaveBeenCalledWith('itr', '/api/calibrators', { name: 'Lab' })
    expect(result.current.notice?.text).toBe(MESSAGES.calibrator.saved('Lab'))
    expect(result.current.rows[0]).toMatchObject({ id: 9, name: 'Lab', editing: false })
  })

  it('deletes a saved calibrator with the SPEC banner', async () => {
    const { result } = await load()
    await act(() => result.current.remove(result.current.rows[0]))
    expect(mocked.delete).toHaveBeenCalledWith('itr', '/api/calibrators/3')
    expect(result.current.notice?.text).toBe(MESSAGES.calibrator.deleted('Precision Calibration Ltd'))
  })
})
