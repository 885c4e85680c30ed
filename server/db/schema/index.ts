/** Every table of the database; drizzle-kit reads this folder to generate migrations. */
export * from './auth'
export * from './reference'
export * from './record-types'
export * from './records'
export * from './security'
export * from './audit'
export * from './calibrations'
export * from './impact-cases'
