/**
 * What the widgets of one form report about entries that are not values yet: a date box holding
 * '31-11-2026', a number box the browser cannot read ('0.4e'). The record still holds the value from
 * before (or none), so the box and the record disagree; until the entry becomes a value or is emptied,
 * the field shows the widget's message and a Save is refused (audit h-entry F1, F2). Kept apart from
 * the Save's messages, which a Save replaces: these last as long as the entry does.
 */
export class EntryProblems {
  private readonly problems = new Map<string, string>()
  /** The messages last shown per variable, so a field gets the same array until they change. */
  private readonly shown = new Map<string, readonly string[]>()

  /** Sets or (null) clears a variable's problem; true when that changed anything. */
  report(variable: string, problem: string | null): boolean {
    if ((this.problems.get(variable) ?? null) === problem) return false
    if (problem === null) this.problems.delete(variable)
    else this.problems.set(variable, problem)
    return true
  }

  /** Forgets the problems of these variables (their values changed, or they were hidden). */
  clear(variables: Iterable<string>): void {
    if (this.problems.size === 0) return
    for (const variable of variables) this.problems.delete(variable)
  }

  /** Every problem not in `skip` (hidden fields), by variable, as the Save's messages are. */
  all(skip: ReadonlySet<string>): Record<string, string[]> {
    const out: Record<string, string[]> = {}
    for (const [variable, problem] of this.problems) if (!skip.has(variable)) out[variable] = [problem]
    return out
  }

  /**
   * The messages a field shows: while its entry is not a value, that problem alone, since a Save's
   * message ('… is required.', a limit) would be about a stored value the box no longer shows.
   */
  messagesOf(variable: string, saved: readonly string[]): readonly string[] {
    const problem = this.problems.get(variable)
    if (problem === undefined) return saved
    const cached = this.shown.get(variable)
    if (cached && cached[0] === problem) return cached
    const list = Object.freeze([problem])
    this.shown.set(variable, list)
    return list
  }
}
