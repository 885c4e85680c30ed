import { useEffect, useState } from 'react'

/** The print-only copy of a textarea's text; styles.css shows it in print in the textarea's place. */
export const PRINT_TEXT_CLASS = 'print-text'

/** Puts (or updates) the print-only copy right after each textarea under `root`. */
export function syncPrintText(root: ParentNode) {
  for (const area of root.querySelectorAll('textarea')) {
    let copy = area.nextElementSibling
    if (!(copy instanceof HTMLElement && copy.classList.contains(PRINT_TEXT_CLASS))) {
      copy = document.createElement('div')
      copy.className = PRINT_TEXT_CLASS
      area.after(copy)
    }
    // Drawn by CSS from the attribute (content: attr()), so the text is not in the page twice for
    // assistive technology, find-in-page or tests.
    if (copy.getAttribute('data-text') !== area.value) copy.setAttribute('data-text', area.value)
  }
}

/**
 * Audit walk-cert F5: a printed textarea is a box of its on-screen height, and a 7,800-character note
 * printed as 2½ lines with no sign of the rest. While `active` (the read-only form), each textarea in
 * the element given the returned ref gets a print-only copy of its whole text, which flows over pages;
 * the screen is unchanged. Synced after every render (the record's value), when fields appear (a group
 * shown) and before printing.
 */
export function usePrintText(active: boolean): (element: HTMLElement | null) => void {
  const [root, setRoot] = useState<HTMLElement | null>(null)
  useEffect(() => {
    if (!root || !active) return
    const sync = () => syncPrintText(root)
    sync()
    const observer = new MutationObserver((changes) => {
      if (
        changes.some((c) => !(c.target instanceof Element && c.target.classList.contains(PRINT_TEXT_CLASS)))
      )
        sync()
    })
    observer.observe(root, { childList: true, subtree: true })
    const print = typeof window.matchMedia === 'function' ? window.matchMedia('print') : null
    print?.addEventListener?.('change', sync)
    window.addEventListener('beforeprint', sync)
    return () => {
      observer.disconnect()
      print?.removeEventListener?.('change', sync)
      window.removeEventListener('beforeprint', sync)
      root.querySelectorAll(`.${PRINT_TEXT_CLASS}`).forEach((copy) => copy.remove())
    }
  }, [root, active])
  // A value loaded or changed after the textarea appeared changes no DOM node the observer sees.
  useEffect(() => {
    if (active && root) syncPrintText(root)
  })
  return setRoot
}
