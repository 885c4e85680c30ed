/** Pass/fail rules, numeric step and timespan conversions of SPEC §4 and §5. */
export * from './results'
export * from './numeric-step'
export * from './timespan'
