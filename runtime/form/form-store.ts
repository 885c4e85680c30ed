import { applyChange, validateField } from '../compiler'
import type { CompiledLayout } from '../compiler'
import { isPassing, naTestVariables, restoreNa } from '../pass-fail'
import { UNSET_RESULT } from '../../schemas/form-layout'
import { changedKeys, deriveLive } from './derive-live'
import { EntryProblems } from './entry-problems'
import { isAnswered, type FieldSnapshot, type LiveResult } from './store-values'
import type { RecordData } from './types'

export type { FieldSnapshot, LiveResult } from './store-values'

type Listener = () => void

const NO_ERRORS: readonly string[] = Object.freeze([])
const NOTHING: ReadonlySet<string> = new Set()

/**
 * The values of one open form, with a subscription per variable. This is what keeps a 300-control
 * form fast: a keystroke replaces one key (plus the group results that depend on it) and wakes only
 * the fields bound to those keys, so React re-renders one field, not the form. The whole-record
 * validation runs only on demand (Save); while typing, a field that already shows an error is
 * re-checked alone with its precompiled validator so the message clears as soon as it is fixed.
 */
export class FormStore {
  private data: Readonly<RecordData>
  private errors: Readonly<Record<string, readonly string[]>> = {}
  private readonly listeners = new Map<string, Set<Listener>>()
  private readonly resultListeners = new Set<Listener>()
  private readonly snapshots = new Map<string, FieldSnapshot>()
  private readonly memories = new Map<string, unknown>()
  /** Entries that are not values yet, as their widgets report them (see `reportEntry`). */
  private readonly entries = new EntryProblems()
  /** Variables that make the overall result (SPEC §4: test fields and result-bearing groups). */
  private readonly resultVariables: ReadonlySet<string>
  /** Every test field, wherever it sits: the result stays '-' until one of them has an answer. */
  private readonly testVariables: ReadonlySet<string>
  private failing = 0
  private answered = 0
  /** Test fields with the n/a toggle: a stored '-' there is n/a (see `restoreNa`). */
  private readonly naVariables: readonly string[]
  /** The last data given from outside, before `restoreNa`; the same object again is no change. */
  private external: Readonly<RecordData>
  /** Variables and control ids hidden by their conditions (issue #14). */
  private hidden: ReadonlySet<string> = NOTHING
  private hiddenIds: ReadonlySet<string> = NOTHING
  /** Variables a condition makes required now (their caption gets the asterisk). */
  private requiredNow: ReadonlySet<string> = NOTHING

  constructor(
    readonly compiled: CompiledLayout,
    initial: Readonly<RecordData>,
  ) {
    this.naVariables = naTestVariables(Object.values(compiled.fields).map((field) => field.control))
    this.external = initial
    this.resultVariables = new Set(compiled.results.result)
    this.testVariables = new Set(compiled.results.tests)
    this.data = this.derive(restoreNa(this.naVariables, initial))
    this.recount()
  }

  /** Whether a field (by variable) or a group, row or note (by id) is hidden by its condition. */
  isHidden(kind: 'variable' | 'id', name: string): boolean {
    return (kind === 'variable' ? this.hidden : this.hiddenIds).has(name)
  }

  /** Whether a condition makes a field required now (`requiredIf`, or `required` while shown). */
  isRequiredNow(variable: string): boolean {
    return this.requiredNow.has(variable)
  }

  /** The data a Save sends: without the values of hidden controls (the server refuses those). */
  submittable(): Readonly<RecordData> {
    if (this.hidden.size === 0) return this.data
    const out: RecordData = { ...this.data }
    for (const variable of this.hidden) delete out[variable]
    return out
  }

  /** Re-derives the record when its layout has rules (see `deriveLive`), waking hidden-state listeners. */
  private derive(data: Readonly<RecordData>): Readonly<RecordData> {
    const derived = deriveLive(this.compiled, data, {
      hidden: this.hidden,
      hiddenIds: this.hiddenIds,
      required: this.requiredNow,
    })
    if (!derived) return data
    this.hidden = derived.hidden
    this.hiddenIds = derived.hiddenIds
    this.requiredNow = derived.required
    // A widget hidden by a condition forgets, as when it unmounted with its memory in React state.
    for (const variable of derived.changedHidden)
      if (this.hidden.has(variable)) {
        this.memories.delete(variable)
        this.entries.clear([variable])
      }
    this.notify(derived.changedHidden)
    return derived.data
  }

  /** The current record data (a new object after every change; never mutated). */
  getData = (): Readonly<RecordData> => this.data

  get(variable: string): unknown {
    return this.data[variable]
  }

  /** The messages a field shows: its entry's problem while it has one, else the Save's messages. */
  errorsOf(variable: string): readonly string[] {
    return this.entries.messagesOf(variable, this.errors[variable] ?? NO_ERRORS)
  }

  /**
   * A widget says its visible entry is not a value yet, with the message to show ('Enter the date as
   * dd-MM-yyyy.'), or (null) that it is one again or empty. The problem lasts until then, or until the
   * variable's value changes or its field is hidden: a widget reports after its `onChange`.
   */
  reportEntry(variable: string, problem: string | null): void {
    if (this.entries.report(variable, problem)) this.notify([variable])
  }

  /**
   * The entries of shown fields that are not values yet, by variable, as `validateRecord` gives its
   * messages: a Save refuses while there is one, since the record holds something the box does not show.
   */
  entryProblems(): Record<string, string[]> {
    return this.entries.all(this.hidden)
  }

  /**
   * The value, messages, hidden and required-now state of a variable, cached so useSyncExternalStore
   * sees a stable object. One snapshot, so a field slot needs one subscription, not one per state: on a
   * 300-control form each subscription is an effect and a listener set made while the form mounts.
   */
  snapshot(variable: string): FieldSnapshot {
    const value = this.data[variable]
    const errors = this.errorsOf(variable)
    const hidden = this.hidden.has(variable)
    const required = this.requiredNow.has(variable)
    const memory = this.memories.get(variable)
    const cached = this.snapshots.get(variable)
    if (
      cached &&
      Object.is(cached.value, value) &&
      cached.errors === errors &&
      cached.hidden === hidden &&
      cached.required === required &&
      cached.memory === memory
    )
      return cached
    const fresh = { value, errors, hidden, required, memory }
    this.snapshots.set(variable, fresh)
    return fresh
  }

  /**
   * Calls `listener` whenever `variable`'s value, messages, hidden or required-now state change (or, for
   * `hiddenKey(id)`, whether that group, row or note is hidden); returns the unsubscribe.
   */
  subscribe(variable: string, listener: Listener): () => void {
    let set = this.listeners.get(variable)
    if (!set) this.listeners.set(variable, (set = new Set()))
    set.add(listener)
    return () => set.delete(listener)
  }

  /**
   * Keeps what a field's widget must remember between renders (a test field's half-typed number, the entry
   * its n/a set aside) and renders the field again: the widget then needs no state of its own, which on a
   * form of many test fields is most of the hooks its first render mounts (issue #17.5).
   */
  remember(variable: string, memory: unknown): void {
    if (this.memories.get(variable) === memory) return
    this.memories.set(variable, memory)
    this.notify([variable])
  }

  /** A user edit: sets the value, recomputes the dependent group results, wakes their fields. */
  set(variable: string, value: unknown): Readonly<RecordData> {
    const before = this.data
    const applied = applyChange(this.compiled, before, variable, value)
    if (applied === before) return before
    const next = this.derive(applied)
    this.data = next
    const changed = this.compiled.rules.none
      ? [variable, ...this.changedGroups(before, next, variable)]
      : changedKeys(before, next)
    // What a widget reported about its entry was about the value before (the widget reports again).
    this.entries.clear(changed)
    // Re-check only a field whose message is showing, so fixing it clears the message at once.
    if (this.errors[variable]?.length)
      this.setErrorsOf(variable, validateField(this.compiled, variable, value))
    this.trackResults(before, changed)
    this.notify(changed)
    return next
  }

  /** Replaces the data from outside (reset, duplicate, a loaded record): wakes only the keys that differ. */
  replace(given: Readonly<RecordData>): void {
    if (given === this.data || given === this.external) return
    this.external = given
    // A loaded record has n/a stored as '-': shown as n/a again (SPEC §4, §9).
    const data = this.derive(restoreNa(this.naVariables, given))
    if (data === this.data) return
    const before = this.data
    this.data = data
    const changed = changedKeys(before, data)
    // A new value from outside replaces what was being typed over the old one.
    this.entries.clear(changed)
    const previous = this.liveResult()
    this.recount()
    this.notify(changed)
    if (this.liveResult() !== previous) this.resultListeners.forEach((l) => l())
  }

  /** Shows these messages (on Save) and clears every other one. */
  setErrors(errors: Readonly<Record<string, readonly string[]>>): void {
    const before = this.errors
    this.errors = errors
    const keys = new Set([...Object.keys(before), ...Object.keys(errors)])
    this.notify([...keys].filter((k) => (before[k]?.join('\n') ?? '') !== (errors[k]?.join('\n') ?? '')))
  }

  /** SPEC §4 result of the whole record: '-' until a test is answered, then Pass only if all pass. */
  liveResult(): LiveResult {
    if (this.answered === 0) return UNSET_RESULT
    return this.failing === 0 ? 'Pass' : 'Fail'
  }

  subscribeResult(listener: Listener): () => void {
    this.resultListeners.add(listener)
    return () => this.resultListeners.delete(listener)
  }

  private setErrorsOf(variable: string, messages: string[]) {
    const { [variable]: _old, ...rest } = this.errors
    this.errors = messages.length ? { ...rest, [variable]: messages } : rest
  }

  private changedGroups(before: RecordData, next: RecordData, variable: string): string[] {
    const out: string[] = []
    const queue = [...(this.compiled.dependents[variable] ?? [])]
    const seen = new Set<string>()
    while (queue.length) {
      const group = queue.shift() as string
      if (seen.has(group)) continue
      seen.add(group)
      if (!Object.is(before[group], next[group])) out.push(group)
      queue.push(...(this.compiled.dependents[group] ?? []))
    }
    return out
  }

  /** Incremental: only the changed variables that are result variables adjust the counters. */
  private trackResults(before: RecordData, changed: string[]) {
    const previous = this.liveResult()
    if (!this.compiled.rules.none) {
      // Hidden tests count as n/a: counted afresh, the layout's rules can hide or show any of them.
      this.recount()
      if (this.liveResult() !== previous) this.resultListeners.forEach((l) => l())
      return
    }
    for (const variable of changed) {
      if (this.resultVariables.has(variable))
        this.failing += Number(!isPassing(this.data[variable])) - Number(!isPassing(before[variable]))
      if (this.testVariables.has(variable))
        this.answered += Number(isAnswered(this.data[variable])) - Number(isAnswered(before[variable]))
    }
    if (this.liveResult() !== previous) this.resultListeners.forEach((l) => l())
  }

  private recount() {
    this.failing = 0
    this.answered = 0
    for (const variable of this.resultVariables)
      if (!this.hidden.has(variable) && !isPassing(this.data[variable])) this.failing++
    for (const variable of this.testVariables)
      if (!this.hidden.has(variable) && isAnswered(this.data[variable])) this.answered++
  }

  private notify(variables: readonly string[]) {
    for (const variable of variables) this.listeners.get(variable)?.forEach((l) => l())
  }
}
