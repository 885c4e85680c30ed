/** The footer's copyright line. */
export function Footer({ title }: { title: string }) {
  return (
    <footer className="app-footer text-secondary small px-3 py-2">
      © {new Date().getFullYear()} {title}. All rights reserved.
    </footer>
  )
}
