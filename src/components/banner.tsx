import { useEffect, useRef } from 'react'
import Alert from 'react-bootstrap/Alert'

export type BannerVariant = 'success' | 'warning' | 'error'

export interface BannerProps {
  variant: BannerVariant
  message: string | null | undefined
  onClose?: () => void
}

const BOOTSTRAP_VARIANT = { success: 'success', warning: 'warning', error: 'danger' } as const

/** A success, warning or error banner that scrolls itself into view when its message appears (SPEC §4). */
export function Banner({ variant, message, onClose }: BannerProps) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (message) ref.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' })
  }, [message])
  if (!message) return null
  return (
    <Alert
      ref={ref}
      variant={BOOTSTRAP_VARIANT[variant]}
      dismissible={Boolean(onClose)}
      onClose={onClose}
      role={variant === 'success' ? 'status' : 'alert'}
      className="banner"
    >
      {message}
    </Alert>
  )
}
