import { describe, expect, it } from 'vitest'
import { calibrationOutcomeLine } from './calibration-outcome'

// Walk s12: the record page says a calibration's outcome in its certificate's words
// (server/certificates/certificate-state.ts calibrationVerdict), never SPEC §4's 'Overall result Fail'.
describe('calibrationOutcomeLine', () => {
  it('says as found and as left, coloured by the device as left', () => {
    expect(calibrationOutcomeLine({ skipped: false, asFound: 'pass', asLeft: 'pass' })).toEqual({
      line: 'As found: PASS · As left: PASS',
      result: 'Pass',
    })
    expect(calibrationOutcomeLine({ skipped: false, asFound: 'fail', asLeft: 'pass' })).toEqual({
      line: 'As found: FAIL · As left: PASS',
      result: 'Pass',
    })
  })

  it("says 'not measured' for '-', coloured as found when nothing was measured after", () => {
    expect(calibrationOutcomeLine({ skipped: false, asFound: 'fail', asLeft: '-' })).toEqual({
      line: 'As found: FAIL · As left: not measured',
      result: 'Fail',
    })
    expect(calibrationOutcomeLine({ skipped: false, asFound: '-', asLeft: '-' })).toEqual({
      line: 'As found: not measured · As left: not measured',
      result: null,
    })
  })

  it("says 'Calibration not required' for a skipped calibration, with what was measured if anything", () => {
    expect(calibrationOutcomeLine({ skipped: true, asFound: '-', asLeft: '-' })).toEqual({
      line: 'Calibration not required',
      result: null,
    })
    expect(calibrationOutcomeLine({ skipped: true, asFound: 'pass', asLeft: '-' })?.line).toBe(
      'Calibration not required · As found: PASS · As left: not measured',
    )
  })

  it('is null without a calibration history row', () => {
    expect(calibrationOutcomeLine(null)).toBeNull()
    expect(calibrationOutcomeLine(undefined)).toBeNull()
  })
})
