/** Says why an edit screen is read-only for the current view. */
export function ReadOnlyNote({ what }: { what: string }) {
  return (
    <p className="alert alert-secondary py-2" role="note">
      You can view this {what}. Changes need the configurator or administrator role.
    </p>
  )
}
