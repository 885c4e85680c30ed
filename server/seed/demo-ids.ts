/** The demo product types' ids (server/seed/reference.ts) that the demo record types and parameters name. */
export const TRANSFORMER = 100200
export const BUSHING = 100201
export const TAP_CHANGER = 100202
export const RMU = 100203
export const METER_1P = 100205
export const METER_3P = 100206
export const GENERIC = 100210
